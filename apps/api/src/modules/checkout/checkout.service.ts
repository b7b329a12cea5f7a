import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { CartsTable, ShopsTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import type { DownloadService } from '../downloads/downloads.service.js'
import { recordEvent } from '../events/event-outbox.js'
import { type ExchangeRates, isStorefrontCurrency } from '../money/exchange-rates.js'
import { toOrderResource } from '../orders/orders.mapper.js'
import { recordPromotionUse } from '../promotions/promotion-usage.js'
import { findShop } from '../shops/shops.repository.js'
import { isCartExpired } from '../storefront/cart-rules.js'
import { closeCart, findCartById } from '../storefront/carts.repository.js'
import { unsupportedCurrency } from '../storefront/storefront.errors.js'
import {
  checkoutCartClosed,
  checkoutCartEmpty,
  checkoutCartNotFound,
  checkoutOutOfStock,
  formInvalid,
  paymentDeclined,
  promotionRefused,
} from './checkout.errors.js'
import { findOrderById, findStock, insertOrder, listOrderLinesOf, takeStock } from './checkout.repository.js'
import { addressesOf, type CheckoutForm, destinationOf, orderFormIssues } from './checkout-form.js'
import { createCheckoutPricing, type Quote, shopCountry } from './checkout-pricing.js'
import { type GiftCardQuote, quoteGiftCard, spendGiftCard } from './gift-card-redemption.js'
import { buildOrderRecords, unitsByVariant } from './order-records.js'
import { authorizeCard } from './payment.js'
import { defaultCountry, defaultShopperLocale, type ShopperLocale } from './shopper-locale.js'

export interface CheckoutOptions {
  clock: Clock
  dialect: Dialect
  rates: ExchangeRates
  /** Grants buyers of digital products their download token (downloads/downloads.service.ts). */
  downloads: DownloadService
}

/** What the checkout page shows for a cart id. */
export type CheckoutState =
  | { state: 'NOT_FOUND' }
  | { state: 'UNSUPPORTED_CURRENCY'; currency: string }
  | { state: 'CLOSED'; shop: ShopsTable; orderId: string | null }
  | { state: 'EMPTY'; shop: ShopsTable; cart: CartsTable }
  | { state: 'OPEN'; shop: ShopsTable; cart: CartsTable; quote: CheckoutQuote }

/** A quote with what the entered gift card pays (checkout/gift-card-redemption.ts). */
export type CheckoutQuote = Quote & GiftCardQuote

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The hosted checkout: turns a storefront cart into a paid order. Placing the order is one
 * transaction — the cart is locked and closed, stock is taken (never below zero), the promotion's
 * use counted (`AllUsed` at its limit, with PROMOTION_STATUS_CHANGED), the simulated payment
 * authorised, the order written CONFIRMED with its checkout and ORDER_PLACED recorded — so a
 * declined card or a lost race for the last unit leaves nothing behind.
 */
export function createCheckoutService(db: Db, options: CheckoutOptions) {
  const { clock, dialect, rates, downloads } = options
  const pricing = createCheckoutPricing(rates)

  async function loadCart(executor: Executor, cartId: string, lock: boolean) {
    if (!uuidPattern.test(cartId)) return undefined
    const cart = await findCartById(executor, cartId, lock ? dialect : undefined)
    return cart && !isCartExpired(cart, clock.now()) ? cart : undefined
  }

  async function shopOf(executor: Executor, shopId: string): Promise<ShopsTable> {
    const shop = await findShop(executor, shopId)
    if (!shop) throw new Error(`Cart of unknown shop ${shopId}`)
    return shop
  }

  function currencyOf(cart: CartsTable, requested: string | undefined): string {
    if (!requested) return cart.currency
    if (!isStorefrontCurrency(requested)) throw unsupportedCurrency(requested)
    return requested
  }

  /**
   * Counts one use of the order's promotion (promotions/promotion-usage.ts: the locked row, the
   * status table, AllUsed with PROMOTION_STATUS_CHANGED). A promotion used up by a concurrent order
   * since the quote is refused like a code that does not apply.
   */
  async function countPromotionUse(
    trx: Executor,
    shopId: string,
    applied: NonNullable<Quote['promotion']>,
    now: number,
  ) {
    try {
      await recordPromotionUse(trx, {
        shopId,
        promotionId: applied.row.id,
        ...(applied.code ? { code: applied.code.code } : {}),
        now,
        dialect,
      })
    } catch (error) {
      if (error instanceof DomainError && error.code === 'PROMOTION_NOT_USABLE') {
        throw promotionRefused(
          'PROMOTION_NOT_LIVE',
          `${applied.code ? `Code ${applied.code.code}` : 'The promotion'} can no longer be used.`,
          error.details,
        )
      }
      throw error
    }
  }

  /** Takes the stock of every limited variant of the order, in variant id order (no deadlocks). */
  async function takeOrderStock(trx: Executor, lines: Quote['lines'], now: number) {
    const units = [...unitsByVariant(lines).entries()].sort(([a], [b]) => a.localeCompare(b))
    for (const [variantId, { line, quantity }] of units) {
      const name = `${line.productName} (${line.variant.name})`
      if (line.productState === 'SOLD_OUT') throw checkoutOutOfStock(variantId, 0, name)
      if (line.variant.stock_type !== 'LIMITED') continue
      if (!(await takeStock(trx, variantId, quantity, isoTime(now)))) {
        throw checkoutOutOfStock(variantId, await findStock(trx, variantId), name)
      }
    }
  }

  return {
    /** The checkout page's view of a cart: its state and, when open, its quote. */
    async openCheckout(
      cartId: string,
      requestedCurrency: string | undefined,
      options: {
        /** A code to price the first quote with (a direct checkout link's `coupon`). */
        promotionCode?: string
        /** The shopper's languages: the first quote's destination and how its amounts are written. */
        shopper?: ShopperLocale
      } = {},
    ): Promise<CheckoutState> {
      const { promotionCode = '', shopper = defaultShopperLocale } = options
      const cart = await loadCart(db, cartId, false)
      if (!cart) return { state: 'NOT_FOUND' }
      if (requestedCurrency && !isStorefrontCurrency(requestedCurrency)) {
        return { state: 'UNSUPPORTED_CURRENCY', currency: requestedCurrency }
      }
      const shop = await shopOf(db, cart.shop_id)
      if (cart.status === 'CLOSED') return { state: 'CLOSED', shop, orderId: cart.order_id }
      const currency = currencyOf(cart, requestedCurrency)
      // Priced for the country the form starts on, so the first page shows that country's shipping and tax.
      const quote = await pricing.quote(db, shop, cart, currency, {
        ...(promotionCode ? { promotionCode } : {}),
        destination: { country: defaultCountry(currency, shopper, shopCountry(shop)) },
        numberLocale: shopper.numberLocale,
      })
      if (quote.lines.length === 0) return { state: 'EMPTY', shop, cart }
      return {
        state: 'OPEN',
        shop,
        cart,
        quote: { ...quote, giftCard: null, giftCardError: null, amountDue: quote.total },
      }
    },

    /** The live quote of a partly filled form (promotion code, gift card, destination, email). */
    async quote(form: CheckoutForm, shopper: ShopperLocale = defaultShopperLocale): Promise<CheckoutQuote> {
      const cart = await loadCart(db, form.cartId, false)
      if (!cart) throw checkoutCartNotFound(form.cartId)
      if (cart.status === 'CLOSED') throw checkoutCartClosed(cart.id, cart.order_id)
      const shop = await shopOf(db, cart.shop_id)
      const currency = currencyOf(cart, form.currency || undefined)
      const quote = await pricing.quote(db, shop, cart, currency, {
        promotionCode: form.promotionCode,
        destination: destinationOf(form) ?? { country: defaultCountry(currency, shopper, shopCountry(shop)) },
        email: form.email,
        freeChoices: form.freeChoices,
        numberLocale: shopper.numberLocale,
      })
      const giftCard = await quoteGiftCard(db, {
        shopId: shop.id,
        code: form.giftCardCode,
        currency: quote.currency,
        total: quote.total,
      })
      return { ...quote, ...giftCard }
    },

    /** Places the order of a submitted form: one transaction, all or nothing. */
    async placeOrder(
      form: CheckoutForm,
      shopper: ShopperLocale = defaultShopperLocale,
    ): Promise<{ orderId: string; friendlyId: string }> {
      const now = clock.now()
      const placed = await db.transaction().execute(async (trx) => {
        const cart = await loadCart(trx, form.cartId, true)
        if (!cart) throw checkoutCartNotFound(form.cartId)
        if (cart.status === 'CLOSED') throw checkoutCartClosed(cart.id, cart.order_id)
        const shop = await shopOf(trx, cart.shop_id)
        const quote = await pricing.quote(trx, shop, cart, currencyOf(cart, form.currency || undefined), {
          promotionCode: form.promotionCode,
          destination: destinationOf(form),
          email: form.email,
          freeChoices: form.freeChoices,
          numberLocale: shopper.numberLocale,
        })
        if (quote.lines.length === 0) throw checkoutCartEmpty(cart.id)
        const giftCard = await quoteGiftCard(trx, {
          shopId: shop.id,
          code: form.giftCardCode,
          currency: quote.currency,
          total: quote.total,
          lock: dialect,
        })
        if (giftCard.giftCardError) throw giftCard.giftCardError
        const issues = orderFormIssues(form, {
          requiresShipping: quote.requiresShipping,
          payable: giftCard.amountDue > 0,
          now,
        })
        if (issues.length > 0) throw formInvalid(issues)
        if (quote.promotionError) {
          throw promotionRefused(quote.promotionError.code, quote.promotionError.message, quote.promotionError.details)
        }
        if (giftCard.amountDue > 0) {
          const payment = authorizeCard(form.card)
          if (!payment.approved) throw paymentDeclined(payment.declineCode, payment.message)
        }
        if (quote.promotion) await countPromotionUse(trx, shop.id, quote.promotion, now)
        await takeOrderStock(trx, quote.lines, now)
        const giftCards = giftCard.giftCard ? [await spendGiftCard(trx, giftCard.giftCard, isoTime(now))] : []

        const addresses = addressesOf(form, quote.requiresShipping)
        const records = buildOrderRecords({
          shopId: shop.id,
          currency: quote.currency,
          email: form.email,
          emailMarketingOptIn: form.emailMarketingOptIn,
          lines: quote.lines,
          amounts: quote,
          promotionId: quote.promotion?.row.id ?? null,
          promotionCode: quote.promotion?.code ? form.promotionCode : null,
          shippingAddress: addresses.shipping,
          billingAddress: addresses.billing,
          source: { type: 'ORDER' },
          trackingParams: form.tracking,
          cartId: cart.id,
          metadata: JSON.parse(cart.metadata) as Record<string, string>,
          giftCards,
          reason: 'Order placed and paid',
          now,
        })
        await insertOrder(trx, records.order, records.lines, records.statusChange, records.checkout)
        await downloads.grantOrderDownloads(
          trx,
          records.order,
          records.lines.map((line) => line.product_id),
          now,
        )
        if (!(await closeCart(trx, cart.id, records.order.id, isoTime(now)))) {
          throw checkoutCartClosed(cart.id, null)
        }
        await recordEvent(
          trx,
          { shopId: shop.id, type: 'ORDER_PLACED', data: toOrderResource(records.order, records.lines) },
          now,
        )
        return { orderId: records.order.id, friendlyId: records.order.friendly_id }
      })
      return placed
    },

    /** An order and its lines for the confirmation page (by its unguessable id). */
    async getOrder(orderId: string) {
      if (!uuidPattern.test(orderId)) return undefined
      const order = await findOrderById(db, orderId)
      if (!order) return undefined
      const [lines, shop, downloadLinks] = await Promise.all([
        listOrderLinesOf(db, order.id),
        findShop(db, order.shop_id),
        downloads.downloadLinks(order.id),
      ])
      return { order, lines, shop, downloadLinks }
    },
  }
}

export type CheckoutService = ReturnType<typeof createCheckoutService>
