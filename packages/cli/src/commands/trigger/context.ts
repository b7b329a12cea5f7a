import { randomBytes } from 'node:crypto'
import { approvedTestCard, parseCheckoutForm, type Services, type WebhookEventType } from '@fanshelf/api'

/** What an action needs: the domain services on the configured database, the shop, the public URL. */
export interface TriggerContext {
  services: Services
  shopId: string
  currency: string
  /** The origin of the server running on DATA_DIR: links in payloads (redeemUri, mediaUrl) point there. */
  publicUrl: string
  /** `--app`: the connected app PLATFORM_APP_DISCONNECTED disconnects. */
  appId: string | undefined
}

/** What an action did, in a sentence or two, and the ids it produced. */
export interface ActionResult {
  summary: string
  details: Record<string, unknown>
}

export interface TriggerAction {
  /** What `trigger` does for the type (the usage text lists it). */
  does: string
  run(context: TriggerContext): Promise<ActionResult>
}

/** Per-event builders: what trigger does for each type of a group, through the domain services. */
export type TriggerActions<K extends WebhookEventType> = Record<K, TriggerAction>

export const suffix = () => randomBytes(4).toString('hex').toUpperCase()
export const supporterEmail = (kind: string) => `${kind}.${suffix().toLowerCase()}@example.com`

/** The shop's first variant a shopper can buy now: public, available, in stock. */
export async function findSellableVariant({ services, shopId }: TriggerContext) {
  const sellable = await services.products.findSellableVariant(shopId)
  if (!sellable) throw new Error(`Shop ${shopId} has no product in stock to order or give.`)
  return sellable
}

/** Places an order of one unit through the hosted checkout's service: a cart, the form, the test card. */
export async function placeOrder(context: TriggerContext, promotionCode = '') {
  const { services, shopId } = context
  const sellable = await findSellableVariant(context)
  const cart = await services.storefront.carts.createCart(shopId, {
    items: [{ variantId: sellable.variant.id, quantity: 1 }],
  })
  const name = 'Riley Fan'
  const form = parseCheckoutForm({
    cartId: cart.id,
    email: supporterEmail('riley'),
    'shipping.name': name,
    'shipping.address1': '350 Fifth Avenue',
    'shipping.city': 'New York',
    'shipping.state': 'NY',
    'shipping.zip': '10118',
    'shipping.country': 'US',
    billingSameAsShipping: 'on',
    promotionCode,
    'card.number': approvedTestCard,
    'card.expiry': `12/${(new Date().getUTCFullYear() + 3) % 100}`,
    'card.cvc': '123',
    'card.name': name,
  })
  const placed = await services.checkout.placeOrder(form)
  return { ...placed, ...sellable }
}

/** Buys `quantity` gifts of the shop's first product that can be given (public and available). */
export async function purchaseGift(context: TriggerContext, quantity: number) {
  const { product } = await findSellableVariant(context)
  const result = await context.services.gifting.purchaseGift(context.shopId, {
    productId: product.id,
    quantity,
    email: supporterEmail('gifter'),
    username: 'generous_viewer',
    message: 'Gifts for chat! (fanshelf trigger)',
  })
  return { ...result, product }
}

/** A gift purchase with an open draw: opened by the purchase when the shop is live, else by a redo. */
export async function openDraw(context: TriggerContext) {
  const { purchase, draw, product } = await purchaseGift(context, 2)
  const opened = draw ?? (await context.services.gifting.redoDraw(context.shopId, purchase.id))
  return { purchase, draw: opened, product }
}

export async function findTierVariants({ services, shopId }: TriggerContext) {
  const variants = (await services.memberships.listTiers(shopId)).flatMap((tier) => tier.variants)
  if (variants.length === 0) throw new Error(`Shop ${shopId} has no membership tiers.`)
  return variants
}

export async function purchaseSubscription(context: TriggerContext) {
  const [variant] = await findTierVariants(context)
  return context.services.memberships.purchaseSubscription(context.shopId, {
    email: supporterEmail('member'),
    nickname: `member_${suffix().toLowerCase()}`,
    variantId: (variant as { id: string }).id,
  })
}

/** A completed donation of 5 in the shop's currency. */
export function receiveDonation(
  { services, shopId, currency }: TriggerContext,
  message?: { username: string; message: string },
) {
  return services.donations.receiveDonation(shopId, {
    email: supporterEmail('donor'),
    ...message,
    amount: { value: 5, currency },
  })
}
