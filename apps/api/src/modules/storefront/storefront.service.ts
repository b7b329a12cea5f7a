import type { Clock } from '../../clock.js'
import type { Db, Dialect } from '../../db/database.js'
import type { SecretBox } from '../../security/secret-box.js'
import type { ExchangeRates } from '../money/exchange-rates.js'
import { createCartService } from './carts.service.js'
import { createCatalogCache } from './catalog-cache.js'
import { createStorefrontCatalogService } from './storefront-catalog.service.js'
import { createStorefrontTokenService } from './storefront-tokens.service.js'

export interface StorefrontOptions {
  clock: Clock
  dialect: Dialect
  secretBox: SecretBox
  rates: ExchangeRates
  /** Base URL of the hosted checkout (the one-origin default: the platform's public URL). */
  publicUrl: string
}

/** The storefront API's services: tokens, the catalogue (products, collections) and carts. */
export function createStorefront(db: Db, options: StorefrontOptions) {
  const tokens = createStorefrontTokenService(db, { clock: options.clock, secretBox: options.secretBox })
  const catalog = createStorefrontCatalogService(db, {
    clock: options.clock,
    rates: options.rates,
    publicUrl: options.publicUrl,
  })
  const carts = createCartService(db, { clock: options.clock, dialect: options.dialect, rates: options.rates, catalog })
  const catalogCache = createCatalogCache({ clock: options.clock })
  return { tokens, catalog, carts, catalogCache }
}

export type Storefront = ReturnType<typeof createStorefront>
