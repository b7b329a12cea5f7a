import { createStorefrontClient, type StorefrontSchemas } from '@fanshelf/sdk'

/** The storefront API client of this app: the public token ships in browser code by design. */
export const storefront = createStorefrontClient({
  baseUrl: import.meta.env.VITE_FANSHELF_API_URL,
  storefrontToken: import.meta.env.VITE_STOREFRONT_TOKEN,
})

export type Cart = StorefrontSchemas['Cart']
export type CartLine = StorefrontSchemas['CartLine']
export type Collection = StorefrontSchemas['Collection']
export type Currency = StorefrontSchemas['StorefrontCurrency']
export type Product = StorefrontSchemas['StorefrontProduct']
export type Shop = StorefrontSchemas['StorefrontShop']
export type Variant = StorefrontSchemas['StorefrontVariant']
