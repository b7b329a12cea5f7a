import { DomainError, notFound } from '../../errors/domain-error.js'

/** The errors of gift purchases, draws and gifts (codes as the contract and the platform spell them). */

export function giftPurchaseNotFound(giftPurchaseId: string): DomainError {
  return notFound('GIFT_PURCHASE_NOT_FOUND', `Gift purchase ${giftPurchaseId} was not found.`, { giftPurchaseId })
}

export function drawNotFound(drawId: string): DomainError {
  return notFound('GIVEAWAY_DRAW_NOT_FOUND', `Draw ${drawId} was not found.`, { drawId })
}

export function giftNotFound(giftId: string): DomainError {
  return notFound('GIFT_NOT_FOUND', `Gift ${giftId} was not found.`, { giftId })
}

/** 400, not 409: the platform's status for this code, kept so that existing bots keep working. */
export function drawAlreadyFinished(draw: { id: string; finished_at: string | null }): DomainError {
  return new DomainError('GIVEAWAY_DRAW_ALREADY_FINISHED', `Draw ${draw.id} is already finished.`, {
    drawId: draw.id,
    finishedAt: draw.finished_at,
  })
}

export function drawInProgress(giftPurchaseId: string, drawId: string): DomainError {
  return new DomainError(
    'GIVEAWAY_DRAW_IN_PROGRESS',
    `Gift purchase ${giftPurchaseId} already has an open draw (${drawId}); finish it first.`,
    { giftPurchaseId, drawId },
  )
}

export function nothingToDraw(giftPurchaseId: string): DomainError {
  return new DomainError(
    'GIVEAWAY_NO_GIFTS_TO_DRAW',
    `Gift purchase ${giftPurchaseId} has no available gift without a winner to draw.`,
    { giftPurchaseId },
  )
}

export function giftNotWon(giftId: string): DomainError {
  return new DomainError('GIFT_NOT_WON', `Gift ${giftId} has no winner yet; only a draw winner can redeem it.`, {
    giftId,
  })
}

/** A gift nobody paid for (a shop's giveaway from a bot) has no value to turn into a gift card. */
export function giftCardNotOfferedForGiveaway(giftId: string): DomainError {
  return new DomainError(
    'GIFT_CARD_NOT_OFFERED',
    'A giveaway from the shop is redeemed for its product; only a gift a supporter paid for can be taken as a gift card.',
    { giftId },
  )
}

/** How an operation names the product it gives: `productId` (giveaway links) or `offerId` (giveaways). */
export type OfferField = 'productId' | 'offerId'

/** The platform's code for an unknown product in gifting and giveaway-link operations. */
export function offerNotFound(productId: string, field: OfferField = 'productId'): DomainError {
  const noun = field === 'offerId' ? 'Offer' : 'Product'
  return new DomainError('OFFER_NOT_FOUND_ERROR', `${noun} ${productId} was not found.`, { [field]: productId })
}

export function invalidOffer(
  productId: string,
  reason: 'archived' | 'sold out',
  field: OfferField = 'productId',
): DomainError {
  return new DomainError('GIFT_INVALID_OFFER', `Product ${productId} cannot be given away because it is ${reason}.`, {
    [field]: productId,
  })
}

export function giveawayNotFound(giveawayId: string): DomainError {
  return notFound('GIVEAWAY_NOT_FOUND', `Giveaway ${giveawayId} was not found.`, { giveawayId })
}

/** A finished giveaway: the same code and 400 as a finished draw (the platform's). */
export function giveawayAlreadyFinished(giveawayId: string, draw: { id: string; finished_at: string | null }) {
  return new DomainError('GIVEAWAY_DRAW_ALREADY_FINISHED', `Giveaway ${giveawayId} is already finished.`, {
    giveawayId,
    drawId: draw.id,
    finishedAt: draw.finished_at,
  })
}
