import { isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { GiftPurchasesTable } from '../../db/schema.js'
import { validationError } from '../../errors/domain-error.js'
import { newFriendlyId, newId } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { isShopStreaming } from '../streaming/streaming.repository.js'
import { defaultDrawDurationSeconds } from './draw-policy.js'
import { createGiftDrawService, type GiftDrawOptions } from './gift-draws.service.js'
import { assertGiftableProduct, toGiftOfferSnapshot } from './gift-offers.js'
import { giftPrepaidShippingMinor, giftTaxMinor } from './gift-pricing.js'
import { assertPurchaseRequest, type GiftPurchaseRequest } from './gift-purchase-request.js'
import { createGiftRedemptionService } from './gift-redemptions.service.js'
import { newAvailableGifts } from './gift-rows.js'
import { giftPurchaseNotFound } from './gifting.errors.js'
import { toGiftPurchaseResource } from './gifting.mapper.js'
import {
  findGiftableProduct,
  findGiftPurchase,
  insertGiftPurchase,
  insertGifts,
  listGiftsOfPurchase,
} from './gifting.repository.js'

/** How the gifting service is built: the draws' options (public URL, clock, dialect, random). */
export type GiftingOptions = GiftDrawOptions

/**
 * Gift purchases and their draws (Twitch gifting). A purchase made while the shop is live opens an
 * INITIAL draw; finishing it picks winners among the chat entrants; a draw nobody finishes is
 * ended without winners after its deadline (the deadline task), and a REDO draw can then be held
 * for the gifts still without a winner. Every change records its event in its own transaction.
 * The draws are gift-draws.service.ts; what a winner does with a gift, gift-redemptions.service.ts.
 */
export function createGiftingService(db: Db, options: GiftingOptions) {
  const { clock } = options
  const { openDraw, notifyDrawOpened, ...draws } = createGiftDrawService(db, options)

  async function getGiftPurchase(shopId: string, giftPurchaseId: string, executor: Executor = db) {
    const purchase = await findGiftPurchase(executor, shopId, giftPurchaseId)
    if (!purchase) throw giftPurchaseNotFound(giftPurchaseId)
    return toGiftPurchaseResource(purchase, await listGiftsOfPurchase(executor, shopId, purchase.id))
  }

  return {
    getGiftPurchase,
    ...draws,

    /**
     * A supporter bought `quantity` gifts of a product for the stream's chat: the purchase and its
     * gifts (all AVAILABLE) are written and GIFT_PURCHASE recorded; when the shop is live an INITIAL
     * draw opens for the gifts (GIFT_DRAW_STARTED). One transaction.
     */
    async purchaseGift(shopId: string, request: GiftPurchaseRequest) {
      assertPurchaseRequest(request)
      const result = await db.transaction().execute(async (trx) => {
        const { product, variants } = assertGiftableProduct(
          await findGiftableProduct(trx, shopId, request.productId),
          request.productId,
        )
        const variant = request.variantId === undefined ? variants[0] : variants.find((v) => v.id === request.variantId)
        if (!variant) {
          throw validationError([
            {
              location: 'body',
              field: request.variantId === undefined ? 'productId' : 'variantId',
              rule: 'exists',
              message: `is not a variant of product ${request.productId}`,
            },
          ])
        }
        const now = clock.now()
        const currency = variant.currency
        const subtotal = variant.unit_price * request.quantity
        const tax = request.tax ?? giftTaxMinor(subtotal, currency)
        const prepaidShipping = request.prepaidShipping ?? giftPrepaidShippingMinor(request.quantity, currency)
        const purchase: GiftPurchasesTable = {
          id: newId('giftPurchase'),
          shop_id: shopId,
          friendly_id: newFriendlyId(),
          product_id: product.id,
          offer: JSON.stringify(toGiftOfferSnapshot(product)),
          currency,
          subtotal,
          tax,
          total: subtotal + tax + prepaidShipping,
          profit: subtotal - (variant.unit_cost ?? 0) * request.quantity,
          prepaid_shipping: prepaidShipping,
          email: request.email,
          username: request.username ?? null,
          message: request.message ?? null,
          quantity: request.quantity,
          created_at: isoTime(now),
        }
        const gifts = newAvailableGifts({
          shopId,
          purchaseId: purchase.id,
          productId: product.id,
          quantity: request.quantity,
          createdAt: purchase.created_at,
        })
        await insertGiftPurchase(trx, purchase)
        await insertGifts(trx, gifts)
        const purchaseResource = toGiftPurchaseResource(purchase, gifts)
        await recordEvent(trx, { shopId, type: 'GIFT_PURCHASE', data: purchaseResource }, now)
        const draw = (await isShopStreaming(trx, shopId))
          ? await openDraw(trx, purchase, gifts, 'INITIAL', request.drawDurationSeconds ?? defaultDrawDurationSeconds)
          : null
        return { purchase: purchaseResource, draw }
      })
      if (result.draw) notifyDrawOpened()
      return result
    },
    ...createGiftRedemptionService(db, options, getGiftPurchase),
  }
}

export type GiftingService = ReturnType<typeof createGiftingService>
