import type { FastifyInstance } from 'fastify'
import type { ShopsTable } from '../../db/schema.js'
import { parseCheckoutLink } from './checkout-link.js'
import type { CheckoutLinkService } from './checkout-link.service.js'

export interface CheckoutLinkRouteServices {
  checkoutLink: CheckoutLinkService
  /** The shop the Host header addresses, as the product feed finds it. */
  findShop: (host: string | undefined) => Promise<ShopsTable | undefined>
}

/**
 * `GET /cart/checkout`: the shop's direct checkout link (decision 0024; outside the API contracts,
 * like the hosted checkout). No authentication — anyone may follow a shop's link — so the work per
 * request is bounded: at most 100 product entries are read and at most one cart is created.
 * Answers `302` to the hosted checkout, or to the shop's home (`/`) when nothing in the link is
 * usable (or no shop is published at the host).
 */
export function createCheckoutLinkRoutes(services: CheckoutLinkRouteServices) {
  return async function checkoutLinkRoutes(app: FastifyInstance): Promise<void> {
    app.get('/cart/checkout', async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      const shop = await services.findShop(request.headers.host)
      if (!shop) return reply.redirect('/', 302)
      const link = parseCheckoutLink(request.query as Record<string, unknown>)
      const target = await services.checkoutLink.resolve(shop, link)
      if (target.kind === 'home') return reply.redirect('/', 302)
      const query = new URLSearchParams({ cartCurrency: target.currency, cartId: target.cartId })
      if (link.coupon) query.set('coupon', link.coupon)
      for (const [key, value] of link.tracking) query.set(key, value)
      return reply.redirect(`/checkout/?${query.toString()}`, 302)
    })
  }
}
