import { DomainError } from '../../errors/domain-error.js'
import type { ErrorCode } from '../../errors/error-codes.js'

/**
 * The life of a gift — a giveaway link or one gift of a gift purchase — as a transition table.
 * Only an `AVAILABLE` gift moves: it is redeemed once (the order it became is recorded), cancelled,
 * or — a draw winner's gift — changed to a gift card of its value; every other status is final. A
 * refused move names the gift's status in its code, so a redemption page can say "already
 * redeemed" or "this link was cancelled".
 */
export const giftStatuses = [
  'AVAILABLE',
  'CANCELLED',
  'CHANGED_TO_GIFT_CARD',
  'CHANGED_TO_PROMOTION',
  'REDEEMED',
] as const
export type GiftStatus = (typeof giftStatuses)[number]

export type GiftAction = 'redeem' | 'cancel' | 'changeToGiftCard'

export type GiftTransition = { to: GiftStatus } | { refused: ErrorCode }

export const giftTransitions: Readonly<Record<GiftAction, Readonly<Record<GiftStatus, GiftTransition>>>> = {
  redeem: {
    AVAILABLE: { to: 'REDEEMED' },
    REDEEMED: { refused: 'GIFT_ALREADY_REDEEMED' },
    CANCELLED: { refused: 'GIFT_CANCELLED' },
    CHANGED_TO_GIFT_CARD: { refused: 'GIFT_CHANGED_TO_GIFT_CARD' },
    CHANGED_TO_PROMOTION: { refused: 'GIFT_CHANGED_TO_PROMOTION' },
  },
  cancel: {
    AVAILABLE: { to: 'CANCELLED' },
    REDEEMED: { refused: 'GIFT_ALREADY_REDEEMED' },
    CANCELLED: { refused: 'GIFT_ALREADY_CANCELLED' },
    CHANGED_TO_GIFT_CARD: { refused: 'GIFT_CHANGED_TO_GIFT_CARD' },
    CHANGED_TO_PROMOTION: { refused: 'GIFT_CHANGED_TO_PROMOTION' },
  },
  changeToGiftCard: {
    AVAILABLE: { to: 'CHANGED_TO_GIFT_CARD' },
    REDEEMED: { refused: 'GIFT_ALREADY_REDEEMED' },
    CANCELLED: { refused: 'GIFT_CANCELLED' },
    CHANGED_TO_GIFT_CARD: { refused: 'GIFT_CHANGED_TO_GIFT_CARD' },
    CHANGED_TO_PROMOTION: { refused: 'GIFT_CHANGED_TO_PROMOTION' },
  },
}

const refusals: Record<string, (giftId: string) => string> = {
  GIFT_ALREADY_REDEEMED: (id) => `Gift ${id} has already been redeemed; a gift can be redeemed once.`,
  GIFT_CANCELLED: (id) => `Gift ${id} was cancelled and can no longer be redeemed.`,
  GIFT_ALREADY_CANCELLED: (id) => `Gift ${id} is already cancelled.`,
  GIFT_CHANGED_TO_GIFT_CARD: (id) => `Gift ${id} was changed to a gift card and can no longer be redeemed.`,
  GIFT_CHANGED_TO_PROMOTION: (id) => `Gift ${id} was turned into a promotion and can no longer be used.`,
}

function isGiftStatus(status: string): status is GiftStatus {
  return (giftStatuses as readonly string[]).includes(status)
}

/** The status `action` moves the gift to; throws a 409 naming the current status when it may not. */
export function nextGiftStatus(gift: { id: string; status: string }, action: GiftAction): GiftStatus {
  if (!isGiftStatus(gift.status)) throw new Error(`Gift ${gift.id} has an unknown status ${gift.status}`)
  const transition = giftTransitions[action][gift.status]
  if ('to' in transition) return transition.to
  const message = refusals[transition.refused]?.(gift.id) ?? `Gift ${gift.id} cannot be changed.`
  throw new DomainError(transition.refused, message, { giftId: gift.id, status: gift.status })
}
