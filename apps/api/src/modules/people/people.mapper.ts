import type { AdminRes, AdminSchema } from '@fanshelf/contract'
import type { AdminUsersTable } from '../../db/schema.js'
import type { IssuedLink } from './admin-links.js'
import { toPersonStatus } from './people-fields.js'

/** admin-api.yaml `AdminPerson`: never the password hash. */
export function toPersonResource(row: AdminUsersTable) {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: toPersonStatus(row),
    createdAt: row.created_at,
  } satisfies AdminSchema<'AdminPerson'>
}

/** admin-api.yaml `AdminInvitation`: the link only when it was not mailed (shown once). */
export function toInvitationResource(invited: { person: AdminUsersTable; link: IssuedLink; mailed: boolean }) {
  return {
    person: toPersonResource(invited.person),
    invitation: {
      mailed: invited.mailed,
      ...(invited.mailed ? {} : { url: invited.link.url }),
      expiresAt: invited.link.expiresAt,
    },
  } satisfies AdminRes<'inviteAdminPerson'>
}

/** The same words for any email (whether it is an admin's is nobody's business). */
export const resetAcceptedMessage: AdminRes<'requestAdminPasswordReset'>['message'] =
  'If that email belongs to an admin, a link to reset the password is on its way. It works once, for one hour.'
