/**
 * The hosted checkout's components and page state, for the API to render on the server (the same
 * components src/client.tsx hydrates in the browser; decision 0045).
 */
export { CheckoutApp } from './checkout-app.js'
export { GiftApp, GiftCardOffer } from './gift-app.js'
export * from './messages.js'
export type {
  CheckoutPageState,
  Country,
  FieldError,
  GiftCardOfferView,
  GiftPageState,
  LineView,
  PageState,
  QuoteView,
} from './page-state.js'
export { rootElementId, stateElementId } from './page-state.js'
export {
  BrandHeader,
  ConfirmationPage,
  type ConfirmationView,
  type DownloadLinkView,
  MessagePage,
} from './static-pages.js'
export { checkoutStylesheet } from './styles.js'
