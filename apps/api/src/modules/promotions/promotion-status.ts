import type { WebhookEventType } from '../events/event-types.js'

/**
 * Promotion status rules (decision 0004 spells the statuses as the platform does), as data shared by
 * the promotion service (admin actions) and checkout (usage counting, promotion-usage.ts).
 */
export const promotionStatuses = ['Live', 'Ended', 'Archived', 'AllUsed'] as const

export type PromotionStatus = (typeof promotionStatuses)[number]

/**
 * What moves a promotion: the creator ends, resumes or archives it; checkout uses it up (its usage
 * reached `limits.maximumUsesNumber`; for multi-code promotions, every code's did).
 */
export const promotionStatusActions = ['end', 'resume', 'archive', 'useUp'] as const

export type PromotionStatusAction = (typeof promotionStatusActions)[number]

/** From each status, where each action leads; a missing action is not allowed from that status. */
export const promotionStatusTransitions: Readonly<
  Record<PromotionStatus, Readonly<Partial<Record<PromotionStatusAction, PromotionStatus>>>>
> = {
  Live: { end: 'Ended', archive: 'Archived', useUp: 'AllUsed' },
  // Resuming a used-up promotion lands it in AllUsed (settleUsage).
  Ended: { resume: 'Live', archive: 'Archived' },
  AllUsed: { end: 'Ended', archive: 'Archived' },
  Archived: {},
}

/** The status an action leads to, or undefined when the table does not allow it. */
export function nextPromotionStatus(current: string, action: PromotionStatusAction): PromotionStatus | undefined {
  return isPromotionStatus(current) ? promotionStatusTransitions[current][action] : undefined
}

export function isPromotionStatus(value: string): value is PromotionStatus {
  return (promotionStatuses as readonly string[]).includes(value)
}

/** A Live promotion whose usage is exhausted is AllUsed (on a use, and when it is resumed). */
export function settleUsage(status: PromotionStatus, exhausted: boolean): PromotionStatus {
  return exhausted ? (promotionStatusTransitions[status].useUp ?? status) : status
}

/**
 * A code's own status: AllUsed once its uses are exhausted (multi-code promotions limit each code),
 * otherwise its promotion's status.
 */
export function codeStatus(promotionStatus: PromotionStatus, codeExhausted: boolean): PromotionStatus {
  return codeExhausted ? 'AllUsed' : promotionStatus
}

/** Only a Live promotion (and, for multi-code promotions, a Live code) can be applied at checkout. */
export function isUsable(status: string): boolean {
  return status === 'Live'
}

/** Whether `usageCount` uses exhaust a limit of `maximumUsesNumber` (null: unlimited). */
export function isExhausted(usageCount: number, maximumUsesNumber: number | null): boolean {
  return maximumUsesNumber !== null && usageCount >= maximumUsesNumber
}

/**
 * The event a promotion change records: its status changed → PROMOTION_STATUS_CHANGED; anything
 * else of its wire shape changed (e.g. one code of a multi-code promotion was used up) →
 * PROMOTION_UPDATED; a use that changes no status records nothing (the order records ORDER_PLACED).
 */
export const promotionChangeEvents = {
  created: 'PROMOTION_CREATED',
  statusChanged: 'PROMOTION_STATUS_CHANGED',
  updated: 'PROMOTION_UPDATED',
} as const satisfies Record<string, WebhookEventType>
