import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createElement as h, type ReactNode } from 'react'
import { DomainError } from '../../errors/domain-error.js'
import { errorStatus } from '../../errors/error-codes.js'
import type { CheckoutService, CheckoutState } from './checkout.service.js'
import { type FormFields, parseCheckoutForm, trackingFromQuery } from './checkout-form.js'
import { shopCountry } from './checkout-pricing.js'
import { checkoutCountries } from './checkout-rules.js'
import {
  checkoutPageState,
  defaultValues,
  redisplayedValues,
  toConfirmationView,
  toQuoteView,
} from './checkout-views.js'
import { type ClientBundle, createClientBundle } from './client-bundle.js'
import { type CheckoutDocument, type PageShop, renderDocument } from './document.js'
import type { GiftRedemptionService, GiftView } from './gift-redemption.service.js'
import { defaultCountry, formatPrice, type ShopperLocale, shopperLocaleOf } from './shopper-locale.js'
import { CheckoutApp } from './ui/checkout-app.js'
import { GiftApp, GiftCardOffer } from './ui/gift-app.js'
import { ConfirmationPage, MessagePage } from './ui/static-pages.js'
import type { FieldError, GiftCardOfferView, GiftPageState } from './ui/view-model.js'

/**
 * The hosted checkout and the gift redemption pages (not part of the API contracts):
 *
 * - `GET /checkout/?cartCurrency=…&cartId=…` (+ `utm_*`, `fbc`, `fbp`): the checkout page;
 *   `POST /checkout/` is the same form without JavaScript ("Apply" re-prices, "Pay" orders).
 * - `POST /checkout/api/quote`, `POST /checkout/api/orders`: the hydrated page's JSON calls.
 * - `GET /checkout/orders/{orderId}`: the confirmation page with the order's friendly id.
 * - `GET /gifts/{giftId}` (giveaway links) and `GET /gifts/{giftId}/redeem` (draw winners), posted
 *   to themselves, and `POST /gifts/api/{giftId}/redeem` for the hydrated page.
 * - `GET /checkout/assets/checkout-<hash>.js`: the client bundle.
 */

export interface CheckoutRouteServices {
  checkout: CheckoutService
  giftRedemption: GiftRedemptionService
}

type Query = Record<string, unknown>

function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value
  return typeof last === 'string' ? last : undefined
}

function issuesOf(error: DomainError): FieldError[] {
  const errors = (error.details?.errors ?? []) as { field?: string; message?: string }[]
  const fieldErrors = errors.map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }))
  const field = error.details?.field
  if (field === 'promotionCode' || field === 'giftCardCode') fieldErrors.push({ field, message: error.message })
  return fieldErrors
}

/** The shopper's languages (`Accept-Language`): how money is written, which country the form starts on. */
function shopperOf(request: FastifyRequest): ShopperLocale {
  return shopperLocaleOf(request.headers['accept-language'])
}

function sendPage(reply: FastifyReply, status: number, page: CheckoutDocument) {
  return reply.code(status).headers(page.headers).send(page.html)
}

function messagePage(reply: FastifyReply, status: number, heading: string, shop: PageShop | null, body: ReactNode) {
  return sendPage(reply, status, renderDocument({ title: heading, heading, shop, body: h(MessagePage, null, body) }))
}

export function createCheckoutRoutes(services: CheckoutRouteServices) {
  const { checkout, giftRedemption } = services
  const bundle = createClientBundle()
  const scriptUrl = (b: ClientBundle) => `/checkout/assets/${b.fileName}`

  async function renderCheckoutState(
    reply: FastifyReply,
    state: CheckoutState,
    form: {
      values?: Record<string, string>
      errors?: FieldError[]
      formError?: string | null
      query: Query
      status?: number
      shopper: ShopperLocale
    },
  ) {
    switch (state.state) {
      case 'NOT_FOUND':
        return messagePage(reply, 404, 'Cart not found', null, [
          h('p', { key: 1 }, 'This cart does not exist or has expired (carts expire 30 days after their last change).'),
          h('p', { key: 2 }, 'Go back to the shop and add the products to a new cart.'),
        ])
      case 'UNSUPPORTED_CURRENCY':
        return messagePage(reply, 400, 'Currency not supported', null, [
          h('p', { key: 1 }, `The currency ${state.currency} is not supported by this checkout.`),
        ])
      case 'CLOSED':
        return messagePage(reply, 409, 'Already checked out', state.shop, [
          h('p', { key: 1 }, 'This cart was already checked out.'),
          state.orderId
            ? h('p', { key: 2 }, h('a', { href: `/checkout/orders/${state.orderId}` }, 'See the order'))
            : null,
        ])
      case 'EMPTY':
        return messagePage(reply, 200, 'Your cart is empty', state.shop, [
          h('p', { key: 1 }, 'There is nothing to check out: add products to the cart in the shop first.'),
        ])
      case 'OPEN': {
        const client = await bundle.get()
        const pageState = checkoutPageState({
          shop: state.shop,
          cartId: state.cart.id,
          quote: state.quote,
          values: { ...defaultValues(state.quote), ...form.values },
          errors: form.errors ?? [],
          formError: form.formError ?? null,
          tracking: trackingFromQuery(form.query),
          numberLocale: form.shopper.numberLocale,
        })
        const page = renderDocument({
          title: `Checkout · ${state.shop.name}`,
          heading: 'Checkout',
          shop: state.shop,
          app: { element: h(CheckoutApp, { initial: pageState }), state: pageState, scriptUrl: scriptUrl(client) },
        })
        return sendPage(reply, form.status ?? 200, page)
      }
    }
  }

  function giftHeading(view: GiftView) {
    return view.kind === 'GIVEAWAY_LINK' ? 'Redeem your giveaway' : 'Redeem your Twitch gift'
  }

  async function renderGift(
    reply: FastifyReply,
    request: FastifyRequest,
    view: GiftView | undefined,
    form: { values?: Record<string, string>; errors?: FieldError[]; formError?: string | null; status?: number } = {},
  ) {
    if (!view) {
      return messagePage(reply, 404, 'Gift not found', null, [h('p', { key: 1 }, 'This gift link does not exist.')])
    }
    const { gift, shop } = view
    const shopName = shop.name
    if (gift.status === 'REDEEMED') {
      return messagePage(reply, 409, 'Already redeemed', shop, [
        h(
          'p',
          { key: 1 },
          `This gift was already redeemed${gift.order_friendly_id ? ` (order ${gift.order_friendly_id})` : ''}.`,
        ),
        h('p', { key: 2 }, 'A gift link works once.'),
      ])
    }
    if (gift.status === 'CANCELLED') {
      return messagePage(reply, 410, 'Gift cancelled', shop, [
        h(
          'p',
          { key: 1 },
          view.kind === 'GIVEAWAY_LINK'
            ? 'This giveaway link was cancelled by the creator and can no longer be redeemed.'
            : 'This gift was cancelled and can no longer be redeemed.',
        ),
      ])
    }
    if (gift.status === 'CHANGED_TO_PROMOTION') {
      return messagePage(reply, 410, 'Gift changed to a discount', shop, [
        h('p', { key: 1 }, 'This gift was turned into a discount code and can no longer be redeemed as a product.'),
      ])
    }
    if (gift.status === 'CHANGED_TO_GIFT_CARD') {
      return messagePage(reply, 410, 'Gift changed to a gift card', shop, [
        h('p', { key: 1 }, 'This gift was taken as a gift card and can no longer be redeemed as a product.'),
      ])
    }
    if (view.kind === 'TWITCH_GIFT' && gift.winner_selected_at === null) {
      return messagePage(reply, 409, 'No winner yet', shop, [
        h('p', { key: 1 }, 'This gift has no winner yet: it can be redeemed once a draw picks one.'),
      ])
    }
    const shopper = shopperOf(request)
    const giftCardOffer: GiftCardOfferView | null =
      view.kind === 'TWITCH_GIFT' && view.giftCardValue
        ? {
            action: `/gifts/${gift.id}/gift-card`,
            value: formatPrice(view.giftCardValue.minor, view.giftCardValue.currency, shopper.numberLocale),
          }
        : null
    if (!view.product || view.variants.length === 0) {
      return messagePage(reply, 409, 'Sold out', shop, [
        h('p', { key: 1 }, 'Sorry, this gift’s product is sold out. Contact the creator for a replacement.'),
        giftCardOffer ? h(GiftCardOffer, { key: 2, offer: giftCardOffer }) : null,
      ])
    }
    const client = await bundle.get()
    const images = JSON.parse(view.product.images) as { url?: string }[]
    const state: GiftPageState = {
      page: 'gift',
      shopName,
      giftId: gift.id,
      action: request.url.split('?')[0] ?? '',
      productName: view.product.name,
      productImage: images[0]?.url ?? null,
      heading: giftHeading(view),
      variants: view.variants.map((v) => ({ id: v.id, name: v.name })),
      countries: [...checkoutCountries],
      values: {
        'shipping.country': defaultCountry(null, shopper, shopCountry(shop)),
        ...(gift.winner_email ? { email: gift.winner_email } : {}),
        ...form.values,
      },
      errors: form.errors ?? [],
      formError: form.formError ?? null,
      giftCardOffer,
    }
    const page = renderDocument({
      title: `${state.heading} · ${shopName}`,
      heading: state.heading,
      shop,
      app: { element: h(GiftApp, { initial: state }), state, scriptUrl: scriptUrl(client) },
    })
    return sendPage(reply, form.status ?? 200, page)
  }

  function redeemInput(fields: FormFields) {
    const form = parseCheckoutForm(fields)
    return { variantId: single(fields.variantId) ?? '', email: form.email, shipping: form.shipping }
  }

  return async function checkoutRoutes(app: FastifyInstance): Promise<void> {
    await app.register(formbody, { bodyLimit: 64 * 1024 })

    // Build the client bundle as soon as the server listens, not on the first shopper's request.
    app.addHook('onListen', async () => {
      bundle.get().catch((error: unknown) => app.log.error({ err: error }, 'checkout bundle failed to build'))
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

    app.post('/checkout/api/quote', async (request) => {
      const shopper = shopperOf(request)
      const quote = await checkout.quote(parseCheckoutForm((request.body ?? {}) as FormFields), shopper)
      return toQuoteView(quote, shopper.numberLocale)
    })

    app.post('/checkout/api/orders', async (request, reply) => {
      const placed = await checkout.placeOrder(
        parseCheckoutForm((request.body ?? {}) as FormFields),
        shopperOf(request),
      )
      return reply.code(201).send({ ...placed, confirmationUrl: `/checkout/orders/${placed.orderId}` })
    })

    app.get('/checkout/orders/:orderId', async (request, reply) => {
      const { orderId } = request.params as { orderId: string }
      const found = await checkout.getOrder(orderId)
      if (!found) {
        return messagePage(reply, 404, 'Order not found', null, [
          h('p', { key: 1 }, 'There is no order at this address.'),
        ])
      }
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
      const client = await bundle.get()
      if (file !== client.fileName)
        return reply.code(errorStatus.NOT_FOUND).send({ code: 'NOT_FOUND', message: `No asset ${file}.` })
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
      if (gzip) reply.header('content-encoding', 'gzip')
      return reply.send(gzip ? client.gzipped : client.code)
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
        return messagePage(reply, 201, 'Your gift card', view?.shop ?? null, [
          h(
            'p',
            { key: 1 },
            `Your gift is now a ${view?.giftCardValue ? formatPrice(view.giftCardValue.minor, view.giftCardValue.currency, shopperOf(request).numberLocale) : ''} gift card for ${view?.shop.name ?? 'the shop'}. Enter this code at checkout:`,
          ),
          h('p', { key: 2, className: 'friendly', 'data-testid': 'gift-card-code' }, card.code ?? ''),
          h('p', { key: 3 }, 'Copy it now: it is shown only once.'),
        ])
      } catch (error) {
        if (!(error instanceof DomainError) || error.status >= 500) throw error
        return renderGift(reply, request, await giftRedemption.getGift(giftId), {
          formError: error.message,
          status: error.status,
        })
      }
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
}
