/// <reference lib="dom" />
import { hydrateRoot } from 'react-dom/client'
import { CheckoutApp } from './checkout-app.js'
import { GiftApp } from './gift-app.js'
import { type PageState, rootElementId, stateElementId } from './page-state.js'

/**
 * The browser entry of the checkout and gift pages (built ahead of time by `vite build`, served by
 * the API under /checkout/assets/): reads the state the server rendered the page from and
 * hydrates the same component over the server's markup.
 */
const stateElement = document.getElementById(stateElementId)
const root = document.getElementById(rootElementId)
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? '{}') as PageState
  hydrateRoot(root, state.page === 'checkout' ? <CheckoutApp initial={state} /> : <GiftApp initial={state} />)
  document.documentElement.dataset.hydrated = 'true'
}
