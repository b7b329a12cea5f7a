import type { components as OpenApiComponents } from './generated/open-api.js'
import type { components as StorefrontComponents } from './generated/storefront-api.js'

/**
 * The open API's schemas by name (shared with the beta), e.g. `OpenApiSchemas['Order']`,
 * `OpenApiSchemas['Money']`, `OpenApiSchemas['Member']`.
 *
 * @example
 * ```ts
 * import type { OpenApiSchemas } from '@fanshelf/sdk'
 *
 * type Order = OpenApiSchemas['Order']
 * const total = (order: Order) => `${order.amounts.total.value} ${order.amounts.total.currency}`
 * ```
 */
export type OpenApiSchemas = OpenApiComponents['schemas']

/**
 * The storefront API's schemas by name, e.g. `StorefrontSchemas['Cart']`, `StorefrontSchemas['StorefrontProduct']`.
 *
 * @example
 * ```ts
 * import type { StorefrontSchemas } from '@fanshelf/sdk'
 *
 * type Cart = StorefrontSchemas['Cart']
 * const lines = (cart: Cart) => cart.items.reduce((n, item) => n + item.quantity, 0)
 * ```
 */
export type StorefrontSchemas = StorefrontComponents['schemas']
