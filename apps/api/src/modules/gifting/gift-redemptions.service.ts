import { isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import { type GiftCardResource, toGiftCardResource } from '../gift-cards/gift-cards.mapper.js'
import { insertGiftCard } from '../gift-cards/gift-cards.repository.js'
import { newGiftCardRecord } from '../gift-cards/gift-cards.service.js'
import type { GiftDrawOptions } from './gift-draws.service.js'
import { giftCardValueMinor } from './gift-pricing.js'
import { nextGiftStatus } from './gift-status.js'
import { giftCardNotOfferedForGiveaway, giftNotFound, giftNotWon } from './gifting.errors.js'
import type { GiftPurchaseResource } from './gifting.mapper.js'
import { findGift, findGiftPurchase, updateGiftFromStatus } from './gifting.repository.js'

export interface RedeemingOrder {
  orderId: string
  orderFriendlyId: string
  /** The redeemer's email: a draw winner's becomes known here. */
  email?: string
}

/** What a draw winner does with a won gift: redeem it (an order) or take a gift card instead. */
export function createGiftRedemptionService(
  db: Db,
  options: Pick<GiftDrawOptions, 'clock' | 'dialect'>,
  getGiftPurchase: (shopId: string, giftPurchaseId: string, executor?: Executor) => Promise<GiftPurchaseResource>,
) {
  const { clock, dialect } = options

  return {
    /**
     * Redeems a draw winner's gift once: it becomes REDEEMED with the order it turned into. Runs in
     * the caller's transaction (the order's) when given one. Refused with 409 when the gift has no
     * winner, was redeemed already, cancelled or changed to a promotion.
     */
    async redeemGift(shopId: string, giftId: string, order: RedeemingOrder, executor?: Executor) {
      const redeem = async (trx: Executor) => {
        const gift = await findGift(trx, shopId, giftId, dialect)
        if (!gift || gift.gift_purchase_id === null) throw giftNotFound(giftId)
        const status = nextGiftStatus(gift, 'redeem')
        if (gift.winner_selected_at === null) throw giftNotWon(giftId)
        const moved = await updateGiftFromStatus(trx, gift, gift.status, {
          status,
          order_id: order.orderId,
          order_friendly_id: order.orderFriendlyId,
          winner_email: order.email ?? gift.winner_email,
          redeemed_at: isoTime(clock.now()),
        })
        if (!moved) {
          nextGiftStatus((await findGift(trx, shopId, giftId)) ?? gift, 'redeem')
          throw new Error(`Gift ${giftId} changed while it was being redeemed`)
        }
        return getGiftPurchase(shopId, gift.gift_purchase_id, trx)
      }
      return executor ? redeem(executor) : db.transaction().execute(redeem)
    },

    /**
     * A draw winner takes a gift card instead of the product (decision 0022): the gift becomes
     * CHANGED_TO_GIFT_CARD with the new card's id, and the card — worth the gift's share of what the
     * gifter paid for goods and shipping, in the purchase's currency — is answered with its full
     * code, once. One transaction; refused with 409 like a redemption (no winner, redeemed already,
     * cancelled, changed already).
     */
    async changeGiftToGiftCard(shopId: string, giftId: string): Promise<GiftCardResource> {
      return db.transaction().execute(async (trx) => {
        const gift = await findGift(trx, shopId, giftId, dialect)
        if (!gift || gift.gift_purchase_id === null) throw giftNotFound(giftId)
        const status = nextGiftStatus(gift, 'changeToGiftCard')
        if (gift.winner_selected_at === null) throw giftNotWon(giftId)
        const purchase = await findGiftPurchase(trx, shopId, gift.gift_purchase_id)
        if (!purchase) throw new Error(`Gift ${giftId} references a gift purchase outside shop ${shopId}`)
        // A giveaway's gifts were paid by nobody (zero amounts): there is no value to put on a card.
        if (purchase.origin === 'GIVEAWAY' || giftCardValueMinor(purchase) <= 0) {
          throw giftCardNotOfferedForGiveaway(giftId)
        }
        const { row, code } = newGiftCardRecord({
          shopId,
          currency: purchase.currency,
          amount: giftCardValueMinor(purchase),
          source: { type: 'GIFT', giftId: gift.id },
          now: clock.now(),
        })
        await insertGiftCard(trx, row)
        if (!(await updateGiftFromStatus(trx, gift, gift.status, { status, gift_card_id: row.id }))) {
          nextGiftStatus((await findGift(trx, shopId, giftId)) ?? gift, 'changeToGiftCard')
          throw new Error(`Gift ${giftId} changed while it was being changed to a gift card`)
        }
        return toGiftCardResource(row, code)
      })
    },
  }
}
