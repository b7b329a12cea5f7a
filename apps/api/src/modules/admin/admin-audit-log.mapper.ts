import type { AdminSchema } from '@fanshelf/contract'
import type { AdminAuditLogTable } from '../../db/schema.js'
import { type AdminAction, adminActionMatrix } from './admin-permissions.js'

/** One entry of `GET /admin/api/audit-log` (admin-api.yaml `AdminAuditEntry`). */
export function toAuditEntryResource(row: AdminAuditLogTable) {
  const action = row.action as AdminAction
  return {
    id: row.id,
    action,
    description: adminActionMatrix[action]?.summary ?? row.action,
    actor: { adminUserId: row.admin_user_id, email: row.admin_email },
    targetId: row.target_id,
    ...(row.changed_fields ? { changedFields: JSON.parse(row.changed_fields) as string[] } : {}),
    createdAt: row.created_at,
  } satisfies AdminSchema<'AdminAuditEntry'>
}
