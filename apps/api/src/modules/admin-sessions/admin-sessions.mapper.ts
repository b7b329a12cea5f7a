import type { AdminSession } from './admin-sessions.service.js'

/** `GET/POST /admin/api/session`: who is signed in, to which shop, and the CSRF token for mutations. */
export function toAdminSessionResource(session: AdminSession, csrfToken: string) {
  return {
    user: { id: session.adminUserId, email: session.email, name: session.name, role: session.role },
    shop: session.shop,
    csrfToken,
    expiresAt: session.expiresAt,
  }
}
