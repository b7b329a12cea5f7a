import { randomBytes } from 'node:crypto'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toAuditEntryResource } from './admin-audit-log.mapper.js'
import { countAuditEntries, insertAuditEntry, listAuditEntries } from './admin-audit-log.repository.js'
import type { AuditedAction } from './admin-permissions.js'

/**
 * The shop's audit log of credential, webhook and app changes made in the merchant admin
 * (decision 0027). A change records itself through an `AuditRecorder` bound to the admin and the
 * action: services that own a transaction call it with that transaction, so the entry commits
 * (or rolls back) with the change. An entry holds ids only — never a secret, token or password.
 */

/** Who acted: the signed-in admin, as the session knows them. */
export interface AuditActor {
  shopId: string
  adminUserId: string
  email: string
}

/**
 * Writes one entry about `targetId`, inside `executor` when given (the change's transaction);
 * `changedFields` names what a settings change changed (never the values).
 */
export type AuditRecorder = (targetId: string, executor?: Executor, changedFields?: string[]) => Promise<void>

export function createAdminAuditLogService(db: Db, deps: { clock: Clock }) {
  const { clock } = deps
  let sequence = 0

  /** `aud_` + time + a per-process sequence + randomness: ids sort by time, then by write order. */
  function newAuditId(now: number): string {
    sequence = (sequence + 1) % 36 ** 4
    return `aud_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(4, '0')}${randomBytes(6).toString('hex')}`
  }

  return {
    recorder(actor: AuditActor, action: AuditedAction): AuditRecorder {
      return async (targetId, executor = db, changedFields) => {
        const now = clock.now()
        await insertAuditEntry(executor, {
          id: newAuditId(now),
          shop_id: actor.shopId,
          admin_user_id: actor.adminUserId,
          admin_email: actor.email,
          action,
          target_id: targetId,
          ...(changedFields === undefined ? {} : { changed_fields: JSON.stringify(changedFields) }),
          created_at: isoTime(now),
        })
      }
    },

    /** `GET /admin/api/audit-log`: newest first. */
    async list(shopId: string, page: PageRequest) {
      const [rows, total] = await Promise.all([listAuditEntries(db, shopId, page), countAuditEntries(db, shopId)])
      return toPage(rows.map(toAuditEntryResource), total, page)
    },
  }
}

export type AdminAuditLogService = ReturnType<typeof createAdminAuditLogService>
