import { type Clock, isoTime } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { ShopsTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { isStorefrontCurrency } from '../money/exchange-rates.js'
import { fitOrderMetadata } from '../orders/order-metadata.js'
import { isCartExpired } from '../storefront/cart-rules.js'
import { findCart, findSellableVariants } from '../storefront/carts.repository.js'
import type { CartService } from '../storefront/carts.service.js'
import type { CheckoutLink, LinkItem } from './checkout-link.js'
import { updateOpenCartMetadata } from './checkout-link.repository.js'

export interface CheckoutLinkOptions {
  clock: Clock
  carts: CartService
}

/** Where a direct checkout link sends the browser. */
export type LinkTarget = { kind: 'checkout'; cartId: string; currency: string } | { kind: 'home' }

/**
 * The link's metadata merged into the cart's: a key the link repeats takes the link's value in
 * place; new keys follow in `linkMetadataKeys` order; the cart's own keys come first, so when the
 * limits (order-metadata.ts) cut entries off, the link's last parameters go first.
 */
export function mergeLinkMetadata(cart: Record<string, string>, link: [string, string][]): Record<string, string> {
  const fromLink = new Map(link)
  const merged: [string, string][] = Object.entries(cart).map(([key, value]) => [key, fromLink.get(key) ?? value])
  for (const [key, value] of link) if (!Object.hasOwn(cart, key)) merged.push([key, value])
  return fitOrderMetadata(merged)
}

/**
 * The shop's direct checkout link (decision 0024): an open cart of the shop (`cartId`) wins over
 * `products`; otherwise one new cart is created from the products the shop sells (sold-out ones
 * skipped, limited stock capped at what is left). Either way the link's marketing parameters go
 * into the cart's metadata, which checkout copies to the order. Nothing usable → the shop's home.
 */
export function createCheckoutLinkService(db: Db, options: CheckoutLinkOptions) {
  const { clock, carts } = options

  async function openCart(shopId: string, cartId: string | null) {
    if (!cartId) return undefined
    const cart = await findCart(db, shopId, cartId)
    return cart && cart.status === 'OPEN' && !isCartExpired(cart, clock.now()) ? cart : undefined
  }

  /** The link's items the shop can sell now, quantities capped at the stock left. */
  async function sellableItems(shopId: string, items: LinkItem[]): Promise<LinkItem[]> {
    const variants = new Map(
      (
        await findSellableVariants(
          db,
          shopId,
          items.map((item) => item.variantId),
        )
      ).map((variant) => [variant.id, variant]),
    )
    return items.flatMap((item) => {
      const variant = variants.get(item.variantId)
      if (!variant || variant.product_state === 'SOLD_OUT') return []
      const left = variant.stock_type === 'LIMITED' ? (variant.in_stock ?? 0) : item.quantity
      const quantity = Math.min(item.quantity, left)
      return quantity > 0 ? [{ variantId: item.variantId, quantity }] : []
    })
  }

  return {
    async resolve(shop: ShopsTable, link: CheckoutLink): Promise<LinkTarget> {
      const currency = link.currency && isStorefrontCurrency(link.currency) ? link.currency : null
      const cart = await openCart(shop.id, link.cartId)
      if (cart) {
        if (link.metadata.length > 0) {
          const metadata = mergeLinkMetadata(JSON.parse(cart.metadata) as Record<string, string>, link.metadata)
          await updateOpenCartMetadata(db, shop.id, cart.id, JSON.stringify(metadata), isoTime(clock.now()))
        }
        return { kind: 'checkout', cartId: cart.id, currency: currency ?? cart.currency }
      }
      const items = await sellableItems(shop.id, link.items)
      if (items.length === 0) return { kind: 'home' }
      try {
        const created = await carts.createCart(
          shop.id,
          { items, metadata: mergeLinkMetadata({}, link.metadata) },
          currency ?? undefined,
        )
        return { kind: 'checkout', cartId: created.id, currency: created.currency }
      } catch (error) {
        // Stock taken by someone else since it was read: the link cannot be honoured.
        if (error instanceof DomainError && error.status < 500) return { kind: 'home' }
        throw error
      }
    },
  }
}

export type CheckoutLinkService = ReturnType<typeof createCheckoutLinkService>
