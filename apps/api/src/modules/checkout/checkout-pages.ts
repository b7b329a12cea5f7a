import {
  AlreadyCheckedOutMessage,
  CartNotFoundMessage,
  CheckoutApp,
  EmptyCartMessage,
  type FieldError,
  GiftApp,
  GiftCancelledMessage,
  type GiftCardOfferView,
  GiftChangedToGiftCardMessage,
  GiftChangedToPromotionMessage,
  GiftNotFoundMessage,
  type GiftPageState,
  GiftRedeemedMessage,
  MessagePage,
  NoWinnerYetMessage,
  SoldOutMessage,
  UnsupportedCurrencyMessage,
} from '@fanshelf/checkout'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { createElement as h, type ReactNode } from 'react'
import type { CheckoutState } from './checkout.service.js'
import type { CheckoutAssets } from './checkout-assets.js'
import { trackingFromQuery } from './checkout-form.js'
import { shopCountry } from './checkout-pricing.js'
import { checkoutCountries } from './checkout-rules.js'
import { checkoutPageState, defaultValues } from './checkout-views.js'
import { type CheckoutDocument, type PageShop, renderDocument } from './document.js'
import type { GiftView } from './gift-redemption.service.js'
import { defaultCountry, formatPrice, type ShopperLocale, shopperLocaleOf } from './shopper-locale.js'

/**
 * Renders the hosted checkout's HTML pages (the components come from `@fanshelf/checkout`, the
 * same ones its client script hydrates): the checkout of a cart in each state, the gift
 * redemption page in each state of its gift, and the server-only message pages.
 */

type Query = Record<string, unknown>

/** A form field or query parameter given once (the last of several). */
export function single(value: unknown): string | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value
  return typeof last === 'string' ? last : undefined
}

/** The shopper's languages (`Accept-Language`): how money is written, which country the form starts on. */
export function shopperOf(request: FastifyRequest): ShopperLocale {
  return shopperLocaleOf(request.headers['accept-language'])
}

export function sendPage(reply: FastifyReply, status: number, page: CheckoutDocument) {
  return reply.code(status).headers(page.headers).send(page.html)
}

export function messagePage(
  reply: FastifyReply,
  status: number,
  heading: string,
  shop: PageShop | null,
  body: ReactNode,
) {
  return sendPage(reply, status, renderDocument({ title: heading, heading, shop, body: h(MessagePage, null, body) }))
}

export interface CheckoutForm {
  values?: Record<string, string>
  errors?: FieldError[]
  formError?: string | null
  query: Query
  status?: number
  shopper: ShopperLocale
}

export interface GiftForm {
  values?: Record<string, string>
  errors?: FieldError[]
  formError?: string | null
  status?: number
}

export function createCheckoutPages(assets: CheckoutAssets) {
  function renderCheckoutState(reply: FastifyReply, state: CheckoutState, form: CheckoutForm) {
    switch (state.state) {
      case 'NOT_FOUND':
        return messagePage(reply, 404, 'Cart not found', null, h(CartNotFoundMessage))
      case 'UNSUPPORTED_CURRENCY':
        return messagePage(
          reply,
          400,
          'Currency not supported',
          null,
          h(UnsupportedCurrencyMessage, { currency: state.currency }),
        )
      case 'CLOSED':
        return messagePage(
          reply,
          409,
          'Already checked out',
          state.shop,
          h(AlreadyCheckedOutMessage, { orderId: state.orderId }),
        )
      case 'EMPTY':
        return messagePage(reply, 200, 'Your cart is empty', state.shop, h(EmptyCartMessage))
      case 'OPEN': {
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
          app: { element: h(CheckoutApp, { initial: pageState }), state: pageState, scriptUrl: assets.scriptUrl() },
        })
        return sendPage(reply, form.status ?? 200, page)
      }
    }
  }

  function giftHeading(view: GiftView) {
    return view.kind === 'GIVEAWAY_LINK' ? 'Redeem your giveaway' : 'Redeem your Twitch gift'
  }

  function renderGift(reply: FastifyReply, request: FastifyRequest, view: GiftView | undefined, form: GiftForm = {}) {
    if (!view) return messagePage(reply, 404, 'Gift not found', null, h(GiftNotFoundMessage))
    const { gift, shop } = view
    const shopName = shop.name
    switch (gift.status) {
      case 'REDEEMED':
        return messagePage(
          reply,
          409,
          'Already redeemed',
          shop,
          h(GiftRedeemedMessage, { orderFriendlyId: gift.order_friendly_id }),
        )
      case 'CANCELLED':
        return messagePage(
          reply,
          410,
          'Gift cancelled',
          shop,
          h(GiftCancelledMessage, { giveaway: view.kind === 'GIVEAWAY_LINK' }),
        )
      case 'CHANGED_TO_PROMOTION':
        return messagePage(reply, 410, 'Gift changed to a discount', shop, h(GiftChangedToPromotionMessage))
      case 'CHANGED_TO_GIFT_CARD':
        return messagePage(reply, 410, 'Gift changed to a gift card', shop, h(GiftChangedToGiftCardMessage))
    }
    if (view.kind === 'TWITCH_GIFT' && gift.winner_selected_at === null) {
      return messagePage(reply, 409, 'No winner yet', shop, h(NoWinnerYetMessage))
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
      return messagePage(reply, 409, 'Sold out', shop, h(SoldOutMessage, { giftCardOffer }))
    }
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
      app: { element: h(GiftApp, { initial: state }), state, scriptUrl: assets.scriptUrl() },
    })
    return sendPage(reply, form.status ?? 200, page)
  }

  return { renderCheckoutState, renderGift }
}
