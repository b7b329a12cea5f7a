import { isoTime } from '../../clock.js'
import type { Dialect, Executor } from '../../db/database.js'
import type { PromotionCodesTable, PromotionsTable } from '../../db/schema.js'
import { recordEvent } from '../events/event-outbox.js'
import {
  codeStatus,
  isExhausted,
  isPromotionStatus,
  isUsable,
  type PromotionStatus,
  promotionChangeEvents,
  settleUsage,
} from './promotion-status.js'
import { promotionNotFound, promotionNotUsable } from './promotions.errors.js'
import { type PromotionResource, toPromotionResource } from './promotions.mapper.js'
import {
  findPromotionForUpdate,
  listPromotionCodes,
  updatePromotion,
  updatePromotionCode,
} from './promotions.repository.js'

const multiCodeTypes = new Set(['SHOP_MULTI', 'MEMBERSHIPS_MULTI'])

export function maximumUsesOf(promotion: PromotionsTable): number | null {
  if (promotion.limits === null) return null
  return (JSON.parse(promotion.limits) as { maximumUsesNumber?: number | null }).maximumUsesNumber ?? null
}

/** Whether the promotion's uses are exhausted: its own, or (multi-code) every code's. */
export function isPromotionExhausted(promotion: PromotionsTable, codes: readonly PromotionCodesTable[]): boolean {
  const maximum = maximumUsesOf(promotion)
  if (multiCodeTypes.has(promotion.type)) {
    return codes.length > 0 && codes.every((code) => isExhausted(code.usage_count, maximum))
  }
  return isExhausted(promotion.usage_count, maximum)
}

function statusOf(row: { status: string }): PromotionStatus {
  if (!isPromotionStatus(row.status)) throw new Error(`Unknown promotion status ${row.status}`)
  return row.status
}

export interface PromotionUse {
  shopId: string
  promotionId: string
  /** The code the customer typed (required for multi-code promotions; compared ignoring case). */
  code?: string
  now: number
  dialect: Dialect
}

export interface PromotionUseResult {
  promotion: PromotionResource
  /** Set when the use exhausted the promotion: it moved from Live to AllUsed. */
  statusChanged: boolean
}

/**
 * Counts one use of a promotion, in the caller's transaction (checkout places the order in it):
 * usage +1 on the promotion and on the code used; a code or promotion whose uses are exhausted
 * becomes AllUsed by the status table, recording PROMOTION_STATUS_CHANGED (the promotion's status
 * changed) or PROMOTION_UPDATED (only a code's did). Refuses (409 PROMOTION_NOT_USABLE) a
 * promotion or code that is not Live — checkout checks first; this holds under concurrency, as
 * the promotion row is locked on PostgreSQL and SQLite serializes writers.
 */
export async function recordPromotionUse(trx: Executor, use: PromotionUse): Promise<PromotionUseResult> {
  const promotion = await findPromotionForUpdate(trx, use.shopId, use.promotionId, use.dialect)
  if (!promotion) throw promotionNotFound(use.promotionId)
  const status = statusOf(promotion)
  if (!isUsable(status)) throw promotionNotUsable(promotion.id, status)
  const codes = await listPromotionCodes(trx, use.shopId, [promotion.id])
  const key = use.code?.toUpperCase()
  const used = multiCodeTypes.has(promotion.type)
    ? codes.find((code) => code.code_key === key)
    : (codes.find((code) => code.code_key === key) ?? codes[0])
  if (multiCodeTypes.has(promotion.type)) {
    if (!used) throw promotionNotUsable(promotion.id, 'not one of its codes', use.code ?? '(none)')
    if (!isUsable(used.status)) throw promotionNotUsable(promotion.id, used.status, used.code)
  }

  const maximum = maximumUsesOf(promotion)
  const nextCodes = codes.map((code) => {
    if (code.id !== used?.id) return code
    const usage = code.usage_count + 1
    return { ...code, usage_count: usage }
  })
  const multi = multiCodeTypes.has(promotion.type)
  const counted: PromotionsTable = { ...promotion, usage_count: promotion.usage_count + 1 }
  const nextStatus = settleUsage(status, isPromotionExhausted(counted, nextCodes))
  const settledCodes = nextCodes.map((code) => ({
    ...code,
    status: codeStatus(nextStatus, multi && isExhausted(code.usage_count, maximum)),
  }))
  const at = isoTime(use.now)
  const updated: PromotionsTable = { ...counted, status: nextStatus, updated_at: at }
  if (!(await updatePromotion(trx, promotion.id, status, updated))) {
    throw new Error(`Promotion ${promotion.id} changed while its use was being counted`)
  }
  let codeChanged = false
  for (const code of settledCodes) {
    const before = codes.find((c) => c.id === code.id)
    if (before && (before.usage_count !== code.usage_count || before.status !== code.status)) {
      codeChanged ||= before.status !== code.status
      await updatePromotionCode(trx, code.id, { status: code.status, usage_count: code.usage_count })
    }
  }
  const resource = toPromotionResource(updated, settledCodes)
  const statusChanged = nextStatus !== status
  if (statusChanged || codeChanged) {
    const type = statusChanged ? promotionChangeEvents.statusChanged : promotionChangeEvents.updated
    await recordEvent(trx, { shopId: use.shopId, type, data: resource }, use.now)
  }
  return { promotion: resource, statusChanged }
}
