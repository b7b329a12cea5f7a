import type { FastifyInstance } from 'fastify'
import type { CheckoutService } from './checkout.service.js'
import { type FormFields, parseCheckoutForm } from './checkout-form.js'
import { shopperOf, single } from './checkout-pages.js'
import { toQuoteView } from './checkout-views.js'
import type { GiftRedemptionService } from './gift-redemption.service.js'

/**
 * The JSON calls of the hydrated checkout and gift pages (not part of the API contracts):
 * `POST /checkout/api/quote`, `POST /checkout/api/orders`, `POST /gifts/api/{giftId}/redeem` and
 * `POST /gifts/api/{giftId}/gift-card`. The same forms posted without JavaScript go to the page
 * routes (checkout.routes.ts).
 */

export interface CheckoutRouteServices {
  checkout: CheckoutService
  giftRedemption: GiftRedemptionService
}

export function redeemInput(fields: FormFields) {
  const form = parseCheckoutForm(fields)
  return { variantId: single(fields.variantId) ?? '', email: form.email, shipping: form.shipping }
}

export function registerCheckoutApiRoutes(app: FastifyInstance, services: CheckoutRouteServices): void {
  const { checkout, giftRedemption } = services

  app.post('/checkout/api/quote', async (request) => {
    const shopper = shopperOf(request)
    const quote = await checkout.quote(parseCheckoutForm((request.body ?? {}) as FormFields), shopper)
    return toQuoteView(quote, shopper.numberLocale)
  })

  app.post('/checkout/api/orders', async (request, reply) => {
    const placed = await checkout.placeOrder(parseCheckoutForm((request.body ?? {}) as FormFields), shopperOf(request))
    return reply.code(201).send({ ...placed, confirmationUrl: `/checkout/orders/${placed.orderId}` })
  })

  app.post('/gifts/api/:giftId/gift-card', async (request, reply) => {
    const { giftId } = request.params as { giftId: string }
    return reply.code(201).send(await giftRedemption.takeGiftCard(giftId))
  })

  app.post('/gifts/api/:giftId/redeem', async (request, reply) => {
    const { giftId } = request.params as { giftId: string }
    const placed = await giftRedemption.redeem(giftId, redeemInput((request.body ?? {}) as FormFields))
    return reply.code(201).send({ ...placed, confirmationUrl: `/checkout/orders/${placed.orderId}` })
  })
}
