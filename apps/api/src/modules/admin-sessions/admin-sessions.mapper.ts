import type { AdminRes } from '@fanshelf/contract'
import { permissionsOf } from '../admin/admin-permissions.js'
import type { AdminSession } from './admin-sessions.service.js'

/**
 * `GET/POST /admin/api/session`: who is signed in, to which shop, the actions their role may take
 * (the admin role matrix, decision 0027: the SPA shows only these) and the CSRF token for mutations.
 */
export function toAdminSessionResource(session: AdminSession, csrfToken: string) {
  return {
    user: { id: session.adminUserId, email: session.email, name: session.name, role: session.role },
    shop: session.shop,
    permissions: permissionsOf(session.role),
    csrfToken,
    expiresAt: session.expiresAt,
  } satisfies AdminRes<'getAdminSession'>
}
