import type { Executor } from '../../db/database.js'
import type { CartsTable, PromotionCodesTable, PromotionsTable, ShopsTable, VariantsTable } from '../../db/schema.js'
import type { ErrorCode } from '../../errors/error-codes.js'
import type { ExchangeRates } from '../money/exchange-rates.js'
import { listCartItems } from '../storefront/carts.repository.js'
import {
  findPromotion,
  findPromotionCode,
  listLiveAutoApplyingPromotions,
  type listVariantsWithProducts,
  promotionsUsedBy,
} from './checkout.repository.js'
import { isShippable } from './checkout-rules.js'
import { applyFreeItems } from './free-products.js'
import { type Destination, orderAmounts, shippingMinor } from './order-pricing.js'
import { describePromotion, evaluatePromotion, type PromotionOutcome } from './promotion-rules.js'
import type { FreeItemChoiceView, QuoteLine } from './quote-line.js'
import { defaultCountry, defaultShopperLocale, formatPrice } from './shopper-locale.js'

export type { FreeItemChoiceView, QuoteLine } from './quote-line.js'

/**
 * Prices a cart for checkout in the order currency: its lines, the promotion (an entered code, or
 * else the best automatic promotion whose requirements are met), shipping and tax by the rules of
 * checkout-rules.ts, and the total. The same function serves the live quote of the checkout page
 * and, inside the order's transaction, the order itself.
 */

export type { Destination } from './order-pricing.js'

export interface PromotionError {
  code: ErrorCode
  message: string
  details?: Record<string, unknown>
}

export interface Quote {
  shopId: string
  cartId: string
  currency: string
  lines: QuoteLine[]
  requiresShipping: boolean
  destination: Destination
  subtotal: number
  shipping: number
  goodsDiscount: number
  shippingDiscount: number
  discount: number
  tax: number
  total: number
  /** The applied promotion; `description` says what it gives, in the order's currency. */
  promotion: { row: PromotionsTable; code: PromotionCodesTable | null; description: string } | null
  /** Why the entered code does not apply (the order is refused while it is entered). */
  promotionError: PromotionError | null
  /** Free products the shopper may choose (MANUALLY_ADDED promotions), in promotion order. */
  freeChoices: FreeItemChoiceView[]
}

export interface QuoteRequest {
  promotionCode?: string | null
  destination?: Destination | null
  email?: string | null
  /** The shopper's pick per free item (variant ids), in promotion order. */
  freeChoices?: string[]
  /** The locale amounts in messages are written in (checkout/shopper-locale.ts); `en-US` without. */
  numberLocale?: string
}

type VariantWithProduct = Awaited<ReturnType<typeof listVariantsWithProducts>>[number]

function firstImage(json: string): unknown {
  return (JSON.parse(json) as unknown[])[0] ?? null
}

export function shopCountry(shop: ShopsTable): string | undefined {
  const info = JSON.parse(shop.contact_info) as { location?: { country?: string } }
  return info.location?.country
}

export function createCheckoutPricing(rates: ExchangeRates) {
  function toLine(
    variant: VariantsTable,
    product: { id: string; name: string; slug: string; description: string; state: string; images: string },
    quantity: number,
    currency: string,
    free: boolean,
  ): QuoteLine {
    const convert = (minor: number) => rates.convert(minor, variant.currency, currency)
    const unitPrice = convert(variant.unit_price)
    return {
      variant,
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      productDescription: product.description,
      productState: product.state,
      primaryImage: firstImage(variant.images) ?? firstImage(product.images),
      quantity,
      unitPrice,
      unitCost: variant.unit_cost === null ? null : convert(variant.unit_cost),
      compareAtPrice: variant.compare_at_price === null ? null : convert(variant.compare_at_price),
      total: unitPrice * quantity,
      free,
      shippable: isShippable(JSON.parse(variant.weight) as { value?: number }),
    }
  }

  /** The line of a variant joined with its product (free products, gifts). */
  function lineOf(row: VariantWithProduct, quantity: number, currency: string, free: boolean): QuoteLine {
    const {
      product_name,
      product_slug,
      product_state,
      product_access,
      product_description,
      product_images,
      ...variant
    } = row
    return toLine(
      variant,
      {
        id: row.product_id,
        name: product_name,
        slug: product_slug,
        description: product_description,
        state: product_state,
        images: product_images,
      },
      quantity,
      currency,
      free,
    )
  }

  /** The cart's lines priced in `currency` (lines of archived products are left out). */
  async function cartLines(executor: Executor, cartId: string, currency: string): Promise<QuoteLine[]> {
    const rows = await listCartItems(executor, cartId)
    return rows.map((row) => {
      const {
        line_quantity,
        product_name,
        product_slug,
        product_state,
        product_description,
        product_images,
        ...variant
      } = row
      return toLine(
        variant,
        {
          id: row.product_id,
          name: product_name,
          slug: product_slug,
          description: product_description,
          state: product_state,
          images: product_images,
        },
        line_quantity,
        currency,
        false,
      )
    })
  }

  async function quote(
    executor: Executor,
    shop: ShopsTable,
    cart: CartsTable,
    currency: string,
    request: QuoteRequest,
  ): Promise<Quote> {
    const lines = await cartLines(executor, cart.id, currency)
    const subtotal = lines.reduce((sum, line) => sum + line.total, 0)
    const requiresShipping = lines.some((line) => line.shippable)
    const home = shopCountry(shop)
    const destination = request.destination ?? { country: defaultCountry(currency, defaultShopperLocale, home) }
    const shippedUnits = lines.filter((line) => line.shippable).reduce((sum, line) => sum + line.quantity, 0)
    const shipping = shippingMinor({ home, destination, shippedUnits, currency, convert: rates.convert })
    const email = request.email?.trim().toLowerCase() || undefined
    const context = {
      currency,
      lines: lines.map((line) => ({
        variantId: line.variant.id,
        productId: line.productId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
      })),
      subtotal,
      shipping,
      requiresShipping,
      convert: rates.convert,
      formatMoney: (minor: number) => formatPrice(minor, currency, request.numberLocale),
    }

    let promotion: Omit<NonNullable<Quote['promotion']>, 'description'> | null = null
    let outcome: Extract<PromotionOutcome, { applies: true }> | null = null
    let promotionError: PromotionError | null = null
    const entered = request.promotionCode?.trim()
    if (entered) {
      const code = await findPromotionCode(executor, shop.id, entered)
      const row = code ? await findPromotion(executor, shop.id, code.promotion_id) : undefined
      if (!code || !row) {
        promotionError = { code: 'PROMOTION_CODE_NOT_FOUND', message: `There is no code ${entered.toUpperCase()}.` }
      } else {
        const usedBefore = email ? (await promotionsUsedBy(executor, shop.id, email, [row.id])).has(row.id) : false
        const result = evaluatePromotion(row, code, { ...context, usedBefore })
        if (result.applies) {
          promotion = { row, code }
          outcome = result
        } else {
          promotionError = {
            code: result.code,
            message: result.message,
            ...(result.details ? { details: result.details } : {}),
          }
        }
      }
    }
    if (!promotion) {
      const automatic = await listLiveAutoApplyingPromotions(executor, shop.id)
      const used = email
        ? await promotionsUsedBy(
            executor,
            shop.id,
            email,
            automatic.map((p) => p.id),
          )
        : new Set<string>()
      let best = -1
      for (const row of automatic) {
        const result = evaluatePromotion(row, null, { ...context, usedBefore: used.has(row.id) })
        if (!result.applies) continue
        const value = result.goodsDiscount + result.shippingDiscount + result.freeItems.length
        if (value > best) {
          best = value
          promotion = { row, code: null }
          outcome = result
        }
      }
    }

    // Free products (free-products.ts): cart units made free, free lines added.
    let allLines: QuoteLine[] = lines
    let freeChoices: FreeItemChoiceView[] = []
    if (outcome && outcome.freeItems.length > 0) {
      const free = await applyFreeItems(executor, shop.id, lines, outcome.freeItems, request.freeChoices, (row, n) =>
        lineOf(row, n, currency, true),
      )
      if (free) {
        allLines = free.lines
        freeChoices = free.choices
      } else {
        if (entered) {
          promotionError = {
            code: 'PROMOTION_NOT_APPLICABLE',
            message: 'The free product of this promotion is out of stock.',
          }
        }
        promotion = null
        outcome = null
      }
    }

    const amounts = orderAmounts({ lines: allLines, shipping, outcome, destination })
    return {
      shopId: shop.id,
      cartId: cart.id,
      currency,
      lines: allLines,
      requiresShipping,
      destination,
      ...amounts,
      promotion: promotion ? { ...promotion, description: describePromotion(promotion.row, context) } : null,
      promotionError,
      freeChoices,
    }
  }

  return { quote, lineOf }
}

export type CheckoutPricing = ReturnType<typeof createCheckoutPricing>
