import type { TryItOperation, TryItParameter } from '../../lib/tryit-types.ts'
import { oauthBody, oauthSetupOf } from './oauth-setup.ts'
import type { Call, Values } from './plan-inputs.ts'
import { setupOf } from './setups.ts'

/**
 * What the console sends on first press (unit-tested, pure but for the injected `call`): which
 * reader-context value fills each parameter and body id, which writes make unique, clearly named
 * demo objects ("Try-it 7QX"), which operations first create the object they act on (deletes and
 * other destructive calls never touch the seeded objects the guides' samples use), what a write
 * will change in plain words, and which guide explains an error.
 */

/** Path/required parameters filled from the reader context, by name (and path for `slug`/`id`). */
export function contextVariable(operation: TryItOperation, parameter: TryItParameter): string | undefined {
  const byName: Record<string, string> = {
    orderId: 'ORDER_ID',
    productId: 'PRODUCT_ID',
    promotionId: 'PROMOTION_ID',
    donationId: 'DONATION_ID',
    drawId: 'DRAW_ID',
    packageId: 'PACKAGE_ID',
    thankYouId: 'THANK_YOU_ID',
    giftPurchaseId: 'GIFT_PURCHASE_ID',
    webhookConfigurationId: 'WEBHOOK_CONFIGURATION_ID',
    webhookEventId: 'WEBHOOK_EVENT_ID',
    friendlyId: 'ORDER_FRIENDLY_ID',
    memberId: 'MEMBER_ID',
    cartId: 'CART_ID',
    shopId: 'SHOP_ID',
  }
  if (parameter.in !== 'path' && !parameter.required) return undefined
  if (parameter.name === 'slug') return operation.path.startsWith('/collections/') ? 'COLLECTION_SLUG' : 'PRODUCT_SLUG'
  if (parameter.name === 'id' && operation.path.startsWith('/giveaways/')) return 'GIVEAWAY_ID'
  return byName[parameter.name]
}

/** Whether the operation changes something (asks for confirmation first). */
export function isWrite(operation: TryItOperation, setupNeeded: boolean): boolean {
  if (setupNeeded) return true
  if (operation.method === 'GET' || operation.method === 'HEAD') return false
  // OAuth token endpoints exchange or revoke credentials the reader supplies; nothing in the shop.
  return !operation.path.startsWith('/platform/')
}

/** A short random suffix that makes the created objects' names and codes unique ("7QX4"). */
export function uniqueSuffix(random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let out = ''
  for (let index = 0; index < 4; index++) out += alphabet[Math.floor(random() * alphabet.length)] ?? 'X'
  return out
}

export interface InitialDraft {
  values: Record<string, string>
  body: string
}

/** The fields as the console opens: required and path parameters, body ids, unique names. */
export function initialDraft(operation: TryItOperation, context: Values | undefined, suffix: string): InitialDraft {
  const setup = setupOf(operation.operationId)
  const values: Record<string, string> = {}
  for (const parameter of operation.parameters) {
    const key = `${parameter.in}:${parameter.name}`
    const variable = contextVariable(operation, parameter)
    const live = variable ? context?.[variable] : undefined
    if (setup && setup.parameter === parameter.name && context && (setup.always || !live)) values[key] = ''
    else if (live) values[key] = live
    else values[key] = parameter.required ? parameter.example : ''
  }
  return { values, body: operation.body ? liveBody(operation, context, suffix) : '' }
}

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue }

/** The contract's example body with the demo shop's ids and unique "Try-it" names. */
export function liveBody(operation: TryItOperation, context: Values | undefined, suffix: string): string {
  const example = operation.body?.example ?? ''
  if (!context || !operation.body || !/json/.test(operation.body.mediaType)) return example
  const oauth =
    oauthSetupOf(operation.operationId) && context.FANSHELF_CLIENT_ID ? oauthBody(operation, context) : undefined
  if (oauth) return oauth
  let parsed: JsonValue
  try {
    parsed = JSON.parse(example) as JsonValue
  } catch {
    return example
  }
  const variants = new Map<string, string | undefined>()
  const variantFor = (value: string) => {
    if (!variants.has(value)) {
      const order = ['VARIANT_ID', 'OTHER_VARIANT_ID']
      variants.set(value, context[order[variants.size] ?? ''])
    }
    return variants.get(value) ?? value
  }
  const walk = (value: JsonValue, key?: string): JsonValue => {
    if (Array.isArray(value)) return value.map((item) => walk(item))
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]))
    if (typeof value !== 'string') return value
    if (key === 'variantId') return variantFor(value)
    if ((key === 'productId' || key === 'offerId') && context.PRODUCT_ID) return context.PRODUCT_ID
    if (key === 'orderId' && context.ORDER_ID) return context.ORDER_ID
    if (key === 'code' && operation.operationId === 'createPromotion') return `TRYIT${suffix}`
    if ((key === 'title' || key === 'name') && operation.method === 'POST') return `Try-it ${suffix}`
    return value
  }
  return JSON.stringify(walk(parsed), null, 2)
}

/**
 * Reads done as the console opens, for bodies no single context value fills: a fulfilment needs
 * an order that still has unshipped lines — a confirmed order other than ORDER_ID (which the
 * samples read), with all its lines. Answers the body, or undefined to keep the current one.
 */
export async function prepareBody(
  operation: TryItOperation,
  context: Values,
  suffix: string,
  call: Call,
): Promise<string | undefined> {
  if (operation.operationId !== 'createFulfillment') return undefined
  const answer = await call('GET', '/open-api/v1.0/order?status=CONFIRMED&size=100', undefined, 'basic')
  const page = answer.json as { results?: unknown } | undefined
  const orders =
    answer.status === 200 && Array.isArray(page?.results) ? (page.results as Record<string, unknown>[]) : []
  for (const order of orders) {
    if (order.id === context.ORDER_ID || typeof order.id !== 'string') continue
    const offers = Array.isArray(order.offers) ? (order.offers as Array<{ variant?: Record<string, unknown> }>) : []
    const items = offers.map((offer) => offer.variant)
    // Physical lines only (a digital product is delivered by download, not shipped).
    if (items.length === 0 || items.some((variant) => !variant || typeof variant.id !== 'string' || !variant.weight))
      continue
    return JSON.stringify(
      {
        orderId: order.id,
        items: items.map((variant) => ({ variantId: variant?.id, quantity: variant?.quantity })),
        shippingLabel: { trackingNumber: `TRYIT${suffix}`, trackingCompany: 'UPS' },
      },
      null,
      2,
    )
  }
  return undefined
}
