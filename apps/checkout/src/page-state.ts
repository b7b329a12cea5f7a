/**
 * What the checkout and gift pages render from: plain, serializable data, built on the server
 * (checkout-views.ts), embedded in the page as JSON and read again by the client bundle to
 * hydrate. Money arrives formatted (the server formats, so server and browser render the same
 * text).
 */

export interface FieldError {
  field: string
  message: string
}

export interface LineView {
  key: string
  name: string
  variant: string
  quantity: number
  unitPrice: string
  total: string
  image: string | null
  free: boolean
}

export interface QuoteView {
  currency: string
  lines: LineView[]
  subtotal: string
  shipping: string
  tax: string
  discount: string
  total: string
  totalMinor: number
  hasDiscount: boolean
  requiresShipping: boolean
  promotion: { label: string; code: string | null } | null
  promotionError: string | null
  /** The gift card paying part or all of the total, and what is left to pay by card. */
  giftCard: { label: string; amount: string } | null
  giftCardError: string | null
  amountDue: string
  amountDueMinor: number
  freeChoices: { chosen: string; options: { variantId: string; label: string }[] }[]
}

export interface Country {
  code: string
  name: string
}

export interface CheckoutPageState {
  page: 'checkout'
  shopName: string
  cartId: string
  currency: string
  quote: QuoteView
  countries: Country[]
  /** Form values to show (after a refused no-JavaScript submission, what the shopper entered). */
  values: Record<string, string>
  errors: FieldError[]
  formError: string | null
  testCards: { approved: string; declined: string }
  /** Hidden fields carried from the checkout URL (tracking parameters). */
  hidden: Record<string, string>
}

export interface GiftPageState {
  page: 'gift'
  shopName: string
  giftId: string
  /** Where the form posts (the page's own address). */
  action: string
  productName: string
  productImage: string | null
  heading: string
  variants: { id: string; name: string }[]
  countries: Country[]
  values: Record<string, string>
  errors: FieldError[]
  formError: string | null
  /** A Twitch gift's winner may take a gift card of this value instead (posted to `action`). */
  giftCardOffer: GiftCardOfferView | null
}

export interface GiftCardOfferView {
  action: string
  value: string
}

export type PageState = CheckoutPageState | GiftPageState

/** The id of the element holding the page state, and of the element React renders into. */
export const stateElementId = 'page-state'
export const rootElementId = 'root'

export function errorFor(errors: FieldError[], field: string): string | undefined {
  return errors.find((e) => e.field === field)?.message
}
