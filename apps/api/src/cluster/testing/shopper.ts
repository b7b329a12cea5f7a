import type { Db } from '../../db/database.js'
import { approvedTestCard } from '../../modules/checkout/payment.js'
import type { BalancedClient } from './balanced-client.js'

/**
 * A shopper of the cluster tests, as the example storefront and the hosted checkout page act:
 * a cart through the storefront API, then the checkout's JSON endpoint `POST /checkout/api/orders`.
 * A checkout whose answer was lost (the node died) and that is sent again finds the cart closed:
 * `409 CART_CLOSED` names the order the first attempt placed — the cart is the idempotency key.
 */

export interface CartItem {
  variantId: string
  quantity: number
}

export type Purchase =
  | { outcome: 'ORDERED'; orderId: string; cartId: string; promotionCode: string | null; recovered: boolean }
  | { outcome: 'OUT_OF_STOCK'; cartId: string | undefined }

/** The fields the checkout form posts (an approved test card, an address in Oregon). */
export function checkoutForm(cartId: string, promotionCode?: string): Record<string, string> {
  return {
    cartId,
    email: 'cluster-shopper@example.com',
    'shipping.name': 'Sam Rivera',
    'shipping.address1': '1200 Morrison St',
    'shipping.city': 'Portland',
    'shipping.state': 'OR',
    'shipping.zip': '97204',
    'shipping.country': 'US',
    billingSameAsShipping: 'on',
    'card.name': 'Sam Rivera',
    'card.number': approvedTestCard,
    'card.expiry': '12/39',
    'card.cvc': '123',
    ...(promotionCode ? { promotionCode } : {}),
  }
}

/** Variants a shopper can buy: public, available products; LIMITED ones with stock left. */
export async function purchasableVariants(db: Db, shopId: string) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.stock_type', 'v.in_stock', 'v.unit_price', 'p.name'])
    .where('p.shop_id', '=', shopId)
    .where('p.access', '=', 'PUBLIC')
    .where('p.state', '=', 'AVAILABLE')
    .where((eb) => eb.or([eb('v.stock_type', '=', 'UNLIMITED'), eb('v.in_stock', '>', 0)]))
    .orderBy('v.id')
    .execute()
}

function fail(what: string, response: { status: number; body: unknown }): never {
  throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`)
}

/** Creates a cart with `items` and checks it out (the promotion code dropped if it is used up). */
export async function buy(
  client: BalancedClient,
  storefrontToken: string,
  items: CartItem[],
  promotionCode?: string,
): Promise<Purchase> {
  const cart = await client.request(`/v1/carts?storefront_token=${encodeURIComponent(storefrontToken)}`, {
    body: { items, metadata: { source: 'cluster-test' } },
  })
  if (cart.status === 409 && cart.body?.code === 'CART_INSUFFICIENT_STOCK') {
    return { outcome: 'OUT_OF_STOCK', cartId: undefined }
  }
  if (cart.status !== 200) fail('createCart', cart)
  const cartId = String(cart.body.id)
  let code = promotionCode
  let recovered = false
  for (;;) {
    const placed = await client.request('/checkout/api/orders', { form: checkoutForm(cartId, code) })
    if (placed.status === 201) {
      return { outcome: 'ORDERED', orderId: placed.body.orderId, cartId, promotionCode: code ?? null, recovered }
    }
    const error = placed.body as { code?: string; details?: { orderId?: string | null; field?: string } }
    if (placed.status === 409 && error.code === 'CART_CLOSED' && placed.retries > 0 && error.details?.orderId) {
      // The first attempt placed the order and its answer was lost with the node: the retry is told.
      recovered = true
      return { outcome: 'ORDERED', orderId: error.details.orderId, cartId, promotionCode: code ?? null, recovered }
    }
    if (placed.status === 409 && error.code === 'CHECKOUT_INSUFFICIENT_STOCK')
      return { outcome: 'OUT_OF_STOCK', cartId }
    if (code && error.details?.field === 'promotionCode' && placed.status >= 400 && placed.status < 500) {
      code = undefined // used up meanwhile: pay full price
      continue
    }
    fail('checkout', placed)
  }
}
