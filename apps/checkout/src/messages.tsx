/** @jsxRuntime automatic */
import { GiftCardOffer } from './gift-app.js'
import type { GiftCardOfferView } from './page-state.js'

/**
 * The bodies of the server-only message pages (no client script): why a cart, gift or order
 * cannot be shown, and the gift card a Twitch gift's winner took. The API wraps each in
 * `MessagePage` (static-pages.tsx) under the page's heading.
 */

export function CartNotFoundMessage() {
  return (
    <>
      <p>This cart does not exist or has expired (carts expire 30 days after their last change).</p>
      <p>Go back to the shop and add the products to a new cart.</p>
    </>
  )
}

export function UnsupportedCurrencyMessage({ currency }: { currency: string }) {
  return <p>{`The currency ${currency} is not supported by this checkout.`}</p>
}

export function AlreadyCheckedOutMessage({ orderId }: { orderId: string | null | undefined }) {
  return (
    <>
      <p>This cart was already checked out.</p>
      {orderId ? (
        <p>
          <a href={`/checkout/orders/${orderId}`}>See the order</a>
        </p>
      ) : null}
    </>
  )
}

export function EmptyCartMessage() {
  return <p>There is nothing to check out: add products to the cart in the shop first.</p>
}

export function OrderNotFoundMessage() {
  return <p>There is no order at this address.</p>
}

export function GiftNotFoundMessage() {
  return <p>This gift link does not exist.</p>
}

export function GiftRedeemedMessage({ orderFriendlyId }: { orderFriendlyId: string | null }) {
  return (
    <>
      <p>{`This gift was already redeemed${orderFriendlyId ? ` (order ${orderFriendlyId})` : ''}.`}</p>
      <p>A gift link works once.</p>
    </>
  )
}

export function GiftCancelledMessage({ giveaway }: { giveaway: boolean }) {
  return (
    <p>
      {giveaway
        ? 'This giveaway link was cancelled by the creator and can no longer be redeemed.'
        : 'This gift was cancelled and can no longer be redeemed.'}
    </p>
  )
}

export function GiftChangedToPromotionMessage() {
  return <p>This gift was turned into a discount code and can no longer be redeemed as a product.</p>
}

export function GiftChangedToGiftCardMessage() {
  return <p>This gift was taken as a gift card and can no longer be redeemed as a product.</p>
}

export function NoWinnerYetMessage() {
  return <p>This gift has no winner yet: it can be redeemed once a draw picks one.</p>
}

export function SoldOutMessage({ giftCardOffer }: { giftCardOffer: GiftCardOfferView | null }) {
  return (
    <>
      <p>Sorry, this gift’s product is sold out. Contact the creator for a replacement.</p>
      {giftCardOffer ? <GiftCardOffer offer={giftCardOffer} /> : null}
    </>
  )
}

export function GiftCardTakenMessage({ value, shopName, code }: { value: string; shopName: string; code: string }) {
  return (
    <>
      <p>{`Your gift is now a ${value} gift card for ${shopName}. Enter this code at checkout:`}</p>
      <p className="friendly" data-testid="gift-card-code">
        {code}
      </p>
      <p>Copy it now: it is shown only once.</p>
    </>
  )
}
