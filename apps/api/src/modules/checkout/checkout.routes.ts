import { ConfirmationPage, type FieldError, GiftCardTakenMessage, OrderNotFoundMessage } from '@fanshelf/checkout'
import formbody from '@fastify/formbody'
import type { FastifyInstance } from 'fastify'
import { createElement as h } from 'react'
import { DomainError } from '../../errors/domain-error.js'
import { errorStatus } from '../../errors/error-codes.js'
import { type CheckoutRouteServices, redeemInput, registerCheckoutApiRoutes } from './checkout-api.routes.js'
import { checkoutAssets } from './checkout-assets.js'
import { type FormFields, parseCheckoutForm } from './checkout-form.js'
import { createCheckoutPages, messagePage, sendPage, shopperOf, single } from './checkout-pages.js'
import { redisplayedValues, toConfirmationView } from './checkout-views.js'
import { renderDocument } from './document.js'
import { formatPrice } from './shopper-locale.js'

export type { CheckoutRouteServices } from './checkout-api.routes.js'

/**
 * The hosted checkout and the gift redemption pages (not part of the API contracts):
 *
 * - `GET /checkout/?cartCurrency=…&cartId=…` (+ `utm_*`, `fbc`, `fbp`): the checkout page;
 *   `POST /checkout/` is the same form without JavaScript ("Apply" re-prices, "Pay" orders).
 * - `GET /checkout/orders/{orderId}`: the confirmation page with the order's friendly id.
 * - `GET /gifts/{giftId}` (giveaway links) and `GET /gifts/{giftId}/redeem` (draw winners), posted
 *   to themselves, and `POST /gifts/{giftId}/gift-card` (a Twitch gift taken as a gift card).
 * - `GET /checkout/assets/checkout-<hash>.js`: the client script, built ahead of time
 *   (apps/checkout, `npm run build:checkout`; checkout-assets.ts).
 * - the hydrated pages' JSON calls: checkout-api.routes.ts.
 */

type Query = Record<string, unknown>

function issuesOf(error: DomainError): FieldError[] {
  const errors = (error.details?.errors ?? []) as { field?: string; message?: string }[]
  const fieldErrors = errors.map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }))
  const field = error.details?.field
  if (field === 'promotionCode' || field === 'giftCardCode') fieldErrors.push({ field, message: error.message })
  return fieldErrors
}

export interface CheckoutRouteOptions {
  /** The checkout's build output (apps/checkout/dist by default). */
  distDir?: string
}

export function createCheckoutRoutes(services: CheckoutRouteServices, options: CheckoutRouteOptions = {}) {
  const { checkout, giftRedemption } = services
  const assets = checkoutAssets(options.distDir)
  const { renderCheckoutState, renderGift } = createCheckoutPages(assets)

  return async function checkoutRoutes(app: FastifyInstance): Promise<void> {
    await app.register(formbody, { bodyLimit: 64 * 1024 })

    app.addHook('onListen', async () => {
      if (assets.scriptUrl() === null)
        app.log.warn('the checkout is not built (npm run build:checkout): its pages work as plain forms only')
    })

    app.get('/checkout', async (request, reply) => {
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
      return reply.redirect(`/checkout/${search}`, 301)
    })

    app.get('/checkout/', async (request, reply) => {
      const query = request.query as Query
      // `coupon` (from a direct checkout link) fills in and applies the promotion code.
      const coupon = (single(query.coupon) ?? '').trim().slice(0, 100)
      const shopper = shopperOf(request)
      const state = await checkout.openCheckout(single(query.cartId) ?? '', single(query.cartCurrency)?.toUpperCase(), {
        promotionCode: coupon,
        shopper,
      })
      return renderCheckoutState(reply, state, {
        query,
        shopper,
        ...(coupon ? { values: { promotionCode: coupon } } : {}),
      })
    })

    app.post('/checkout/', async (request, reply) => {
      const fields = (request.body ?? {}) as FormFields
      const form = parseCheckoutForm(fields)
      const query = { ...(request.query as Query), ...Object.fromEntries(Object.entries(form.tracking)) }
      const values = redisplayedValues(fields)
      const shopper = shopperOf(request)
      const rerender = async (errors: FieldError[], formError: string | null, status: number) =>
        renderCheckoutState(reply, await checkout.openCheckout(form.cartId, form.currency || undefined, { shopper }), {
          values,
          errors,
          formError,
          query,
          status,
          shopper,
        })
      if (single(fields.action) === 'apply') {
        const state = await checkout.openCheckout(form.cartId, form.currency || undefined, { shopper })
        if (state.state !== 'OPEN') return renderCheckoutState(reply, state, { query, shopper })
        const quote = await checkout.quote(form, shopper)
        return renderCheckoutState(reply, { ...state, quote }, { values, query, shopper })
      }
      try {
        const placed = await checkout.placeOrder(form, shopper)
        return reply.redirect(`/checkout/orders/${placed.orderId}`, 303)
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error
        const errors = issuesOf(error)
        return rerender(
          errors,
          errors.length > 0 ? 'Please correct the highlighted fields.' : error.message,
          error.status,
        )
      }
    })

    app.get('/checkout/orders/:orderId', async (request, reply) => {
      const { orderId } = request.params as { orderId: string }
      const found = await checkout.getOrder(orderId)
      if (!found) return messagePage(reply, 404, 'Order not found', null, h(OrderNotFoundMessage))
      const page = renderDocument({
        title: `Order ${found.order.friendly_id} · ${found.shop?.name ?? 'Fanshelf'}`,
        heading: 'Order confirmed',
        shop: found.shop ?? null,
        body: h(ConfirmationPage, {
          view: toConfirmationView(found.order, found.lines, shopperOf(request).numberLocale),
          downloads: found.downloadLinks,
        }),
      })
      return sendPage(reply, 200, page)
    })

    app.get('/checkout/assets/:file', async (request, reply) => {
      const { file } = request.params as { file: string }
      const asset = assets.asset(file)
      if (asset === null) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The checkout is not built: run `npm run build:checkout` (npm start builds it when missing).')
      }
      if (!asset) return reply.code(errorStatus.NOT_FOUND).send({ code: 'NOT_FOUND', message: `No asset ${file}.` })
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
      if (gzip) reply.header('content-encoding', 'gzip')
      return reply.send(gzip ? asset.gzipped : asset.code)
    })

    for (const path of ['/gifts/:giftId', '/gifts/:giftId/redeem']) {
      app.get(path, async (request, reply) => {
        const { giftId } = request.params as { giftId: string }
        return renderGift(reply, request, await giftRedemption.getGift(giftId))
      })
      app.post(path, async (request, reply) => {
        const { giftId } = request.params as { giftId: string }
        const fields = (request.body ?? {}) as FormFields
        try {
          const placed = await giftRedemption.redeem(giftId, redeemInput(fields))
          return reply.redirect(`/checkout/orders/${placed.orderId}`, 303)
        } catch (error) {
          if (!(error instanceof DomainError) || error.status >= 500) throw error
          const errors = issuesOf(error)
          return renderGift(reply, request, await giftRedemption.getGift(giftId), {
            values: redisplayedValues(fields),
            errors,
            formError: errors.length > 0 ? 'Please correct the highlighted fields.' : error.message,
            status: error.status,
          })
        }
      })
    }

    // A Twitch gift's winner takes a gift card instead: the page shows the code once.
    app.post('/gifts/:giftId/gift-card', async (request, reply) => {
      const { giftId } = request.params as { giftId: string }
      try {
        const card = await giftRedemption.takeGiftCard(giftId)
        const view = await giftRedemption.getGift(giftId)
        const value = view?.giftCardValue
          ? formatPrice(view.giftCardValue.minor, view.giftCardValue.currency, shopperOf(request).numberLocale)
          : ''
        return messagePage(
          reply,
          201,
          'Your gift card',
          view?.shop ?? null,
          h(GiftCardTakenMessage, { value, shopName: view?.shop.name ?? 'the shop', code: card.code ?? '' }),
        )
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error
        return renderGift(reply, request, await giftRedemption.getGift(giftId), {
          formError: error.message,
          status: error.status,
        })
      }
    })

    registerCheckoutApiRoutes(app, services)
  }
}
