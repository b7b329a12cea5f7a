import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { GiftsTable, ProductsTable, ShopsTable } from '../../db/schema.js'
import { recordEvent } from '../events/event-outbox.js'
import type { GiftCardResource } from '../gift-cards/gift-cards.mapper.js'
import { giftCardValueMinor } from '../gifting/gift-pricing.js'
import { findGiftPurchase } from '../gifting/gifting.repository.js'
import type { GiftingService } from '../gifting/gifting.service.js'
import type { GiveawayLinkService } from '../giveaway-links/giveaway-links.service.js'
import type { ExchangeRates } from '../money/exchange-rates.js'
import { toOrderResource } from '../orders/orders.mapper.js'
import { listVariants } from '../products/products.repository.js'
import { findShop } from '../shops/shops.repository.js'
import {
  checkoutOutOfStock,
  formInvalid,
  giftCardNotOffered,
  giftNotFound,
  giftVariantInvalid,
} from './checkout.errors.js'
import {
  findGiftById,
  findProductById,
  findStock,
  insertOrder,
  listVariantsWithProducts,
  takeStock,
} from './checkout.repository.js'
import { type AddressDraft, addressIssues, type FieldIssue, isEmail, toAddress } from './checkout-form.js'
import { createCheckoutPricing } from './checkout-pricing.js'
import { giftOrderAmounts } from './order-pricing.js'
import { buildOrderRecords, type OrderSource } from './order-records.js'

/**
 * Redemption of gifts: a giveaway link (`/gifts/<giftId>`) or a Twitch draw winner's gift
 * (`/gifts/<giftId>/redeem`). The winner picks a variant of the gift's product and enters a
 * shipping address; one transaction then marks the gift REDEEMED through the giveaway-link or
 * gifting service (which refuses a second redemption, a cancelled link and a gift without a
 * winner), takes the stock, writes the order — free: the discount equals the goods, shipping was
 * prepaid by the gifter — with source GIVEAWAY_LINKS (+giftId) or TWITCH_GIFT_REDEMPTION
 * (+giftPurchaseId, giftId), and records ORDER_PLACED.
 */

export type GiftKind = 'GIVEAWAY_LINK' | 'TWITCH_GIFT'

export interface GiftView {
  gift: GiftsTable
  kind: GiftKind
  shop: ShopsTable
  product: ProductsTable | undefined
  /** Variants that can be picked now (product not archived or sold out, in stock). */
  variants: { id: string; name: string; inStock: number | null }[]
  /** What the gift is worth as a gift card (a Twitch gift: minor units of `currency`). */
  giftCardValue: { minor: number; currency: string } | null
}

export interface RedeemInput {
  variantId: string
  email: string
  shipping: AddressDraft
}

export interface GiftRedemptionOptions {
  clock: Clock
  rates: ExchangeRates
  giveawayLinks: GiveawayLinkService
  gifting: GiftingService
}

export function giftKind(gift: GiftsTable): GiftKind {
  return gift.package_id !== null ? 'GIVEAWAY_LINK' : 'TWITCH_GIFT'
}

export function createGiftRedemptionService(db: Db, options: GiftRedemptionOptions) {
  const { clock, giveawayLinks, gifting } = options
  const pricing = createCheckoutPricing(options.rates)

  async function pickableVariants(executor: Executor, shopId: string, product: ProductsTable | undefined) {
    if (!product || product.access === 'ARCHIVED' || product.state === 'SOLD_OUT') return []
    const variants = await listVariants(executor, shopId, [product.id])
    return variants
      .filter((v) => v.stock_type === 'UNLIMITED' || (v.in_stock ?? 0) > 0)
      .map((v) => ({ id: v.id, name: v.name, inStock: v.stock_type === 'LIMITED' ? (v.in_stock ?? 0) : null }))
  }

  return {
    /** The gift behind a link, or undefined for an unknown id. */
    async getGift(giftId: string): Promise<GiftView | undefined> {
      if (!/^gft_[A-Za-z0-9_-]{1,64}$/.test(giftId)) return undefined
      const gift = await findGiftById(db, giftId)
      if (!gift) return undefined
      const shop = await findShop(db, gift.shop_id)
      if (!shop) return undefined
      const product = await findProductById(db, gift.shop_id, gift.product_id)
      const purchase = gift.gift_purchase_id
        ? await findGiftPurchase(db, gift.shop_id, gift.gift_purchase_id)
        : undefined
      return {
        gift,
        kind: giftKind(gift),
        shop,
        product,
        variants: await pickableVariants(db, shop.id, product),
        // Only a gift a supporter paid for has a value to offer as a gift card (not a shop's giveaway).
        giftCardValue:
          purchase && purchase.origin !== 'GIVEAWAY' && giftCardValueMinor(purchase) > 0
            ? { minor: giftCardValueMinor(purchase), currency: purchase.currency }
            : null,
      }
    },

    /**
     * A Twitch draw winner takes a gift card of the gift's value instead of the product (the
     * gifting service changes the gift); answers the card with its full code, shown once.
     */
    async takeGiftCard(giftId: string): Promise<GiftCardResource> {
      const gift = /^gft_/.test(giftId) ? await findGiftById(db, giftId) : undefined
      if (!gift) throw giftNotFound(giftId)
      if (giftKind(gift) !== 'TWITCH_GIFT') throw giftCardNotOffered(giftId)
      return gifting.changeGiftToGiftCard(gift.shop_id, gift.id)
    },

    /** Redeems the gift once: answers the new order's id and friendly id. */
    async redeem(giftId: string, input: RedeemInput): Promise<{ orderId: string; friendlyId: string }> {
      const issues: FieldIssue[] = []
      if (!input.variantId) issues.push({ field: 'variantId', message: 'Choose one of the options of this gift.' })
      if (!isEmail(input.email))
        issues.push({ field: 'email', message: 'Enter an email address like name@example.com.' })
      issues.push(...addressIssues(input.shipping, 'shipping'))
      if (issues.length > 0) throw formInvalid(issues)

      const gift = /^gft_/.test(giftId) ? await findGiftById(db, giftId) : undefined
      if (!gift) throw giftNotFound(giftId)
      const now = clock.now()
      return db.transaction().execute(async (trx) => {
        const [row] = await listVariantsWithProducts(trx, gift.shop_id, [input.variantId])
        if (!row || row.product_id !== gift.product_id || row.product_access === 'ARCHIVED') throw giftVariantInvalid()
        const line = pricing.lineOf(row, 1, row.currency, false)
        const source: OrderSource =
          giftKind(gift) === 'GIVEAWAY_LINK'
            ? { type: 'GIVEAWAY_LINKS', giftId: gift.id }
            : { type: 'TWITCH_GIFT_REDEMPTION', giftId: gift.id, giftPurchaseId: gift.gift_purchase_id as string }
        const shipping = toAddress(input.shipping)
        const records = buildOrderRecords({
          shopId: gift.shop_id,
          currency: row.currency,
          email: input.email,
          emailMarketingOptIn: false,
          lines: [line],
          amounts: giftOrderAmounts(line.total),
          promotionId: null,
          promotionCode: null,
          shippingAddress: shipping,
          billingAddress: null,
          source,
          trackingParams: {},
          cartId: null,
          metadata: {},
          reason: source.type === 'GIVEAWAY_LINKS' ? 'Giveaway link redeemed' : 'Twitch gift redeemed',
          now,
        })
        const redeeming = { orderId: records.order.id, orderFriendlyId: records.order.friendly_id }
        // First the gift (locked, moved by its transition table: a second redemption stops here).
        if (source.type === 'GIVEAWAY_LINKS') await giveawayLinks.redeemLink(gift.shop_id, gift.id, redeeming, trx)
        else
          await gifting.redeemGift(
            gift.shop_id,
            gift.id,
            { ...redeeming, email: input.email.trim().toLowerCase() },
            trx,
          )
        if (row.product_state === 'SOLD_OUT') throw checkoutOutOfStock(row.id, 0, `${row.product_name} (${row.name})`)
        if (row.stock_type === 'LIMITED' && !(await takeStock(trx, row.id, 1, isoTime(now)))) {
          throw checkoutOutOfStock(row.id, await findStock(trx, row.id), `${row.product_name} (${row.name})`)
        }
        await insertOrder(trx, records.order, records.lines, records.statusChange, records.checkout)
        await recordEvent(
          trx,
          { shopId: gift.shop_id, type: 'ORDER_PLACED', data: toOrderResource(records.order, records.lines) },
          now,
        )
        return { orderId: records.order.id, friendlyId: records.order.friendly_id }
      })
    },
  }
}

export type GiftRedemptionService = ReturnType<typeof createGiftRedemptionService>
