/// <reference lib="dom" />
import { createElement as h } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { CheckoutApp } from './checkout-app.js'
import { GiftApp } from './gift-app.js'
import { type PageState, rootElementId, stateElementId } from './view-model.js'

/**
 * The client bundle of the checkout and gift pages (built by client-bundle.ts): reads the state
 * the server rendered the page from and hydrates the same component over the server's markup.
 */
const stateElement = document.getElementById(stateElementId)
const root = document.getElementById(rootElementId)
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? '{}') as PageState
  hydrateRoot(root, state.page === 'checkout' ? h(CheckoutApp, { initial: state }) : h(GiftApp, { initial: state }))
  document.documentElement.dataset.hydrated = 'true'
}
