import { createStorefrontClient, type StorefrontClient, type StorefrontSchemas } from '@fanshelf/sdk'

/** Where the storefront API is and the shop's token: from the environment, else the local server (connection.ts). */
export interface ServerSettings {
  /** The Fanshelf server's origin, e.g. `https://storefront-api.fanshelf.dev`; the SDK adds `/v1`. */
  origin: string
  /** The shop's public storefront token (`ptkn_…`). */
  storefrontToken: string
}

/**
 * The storefront API client of this app: the public token ships in browser code by design. Set once by
 * {@link configureStorefront} before the app renders (main.tsx).
 */
export let storefront: StorefrontClient

export function configureStorefront(settings: ServerSettings): void {
  storefront = createStorefrontClient({ baseUrl: settings.origin, storefrontToken: settings.storefrontToken })
}

export type Cart = StorefrontSchemas['Cart']
export type CartLine = StorefrontSchemas['CartLine']
export type Collection = StorefrontSchemas['Collection']
export type Currency = StorefrontSchemas['StorefrontCurrency']
export type Product = StorefrontSchemas['StorefrontProduct']
export type Shop = StorefrontSchemas['StorefrontShop']
export type Variant = StorefrontSchemas['StorefrontVariant']
