import { createHash } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { ShopsTable, VariantsTable } from '../../db/schema.js'
import { DomainError } from '../../errors/domain-error.js'
import { createTtlCache } from '../caching/ttl-cache.js'
import { type ExchangeRates, isStorefrontCurrency } from '../money/exchange-rates.js'
import { type PageRequest, toStorefrontPage } from '../paging/paging.js'
import { listVariants } from '../products/products.repository.js'
import { findShop } from '../shops/shops.repository.js'
import { collectionNotFound, productNotFound, unsupportedCurrency } from './storefront.errors.js'
import { priceConverter, toCollection, toStorefrontProduct } from './storefront.mapper.js'
import {
  countCollectionProducts,
  countCollections,
  countPublicProducts,
  findCollectionBySlug,
  findVisibleProductBySlug,
  listCollectionProducts,
  listCollections,
  listPublicProducts,
} from './storefront-catalog.repository.js'

/** The slug of the built-in collection holding every public product. */
export const allCollectionSlug = 'all'

/** The built-in `all` collection of a shop; its id is derived from the shop id, so it is stable. */
export function allCollection(shopId: string) {
  const digest = createHash('sha256').update(`${shopId}:collection:all`).digest('base64url').slice(0, 22)
  return {
    id: `col_${digest}`,
    name: 'All products',
    slug: allCollectionSlug,
    description: 'Every public product of the shop.',
  }
}

export interface StorefrontCatalogOptions {
  clock: Clock
  rates: ExchangeRates
  /** Base URL of the hosted checkout's deployment (the shop's `checkoutUrl` is `<base>/checkout/`). */
  publicUrl: string
  /** How long a shop's row is reused between requests (default 5 s). */
  shopCacheTtlMs?: number
}

/**
 * Products and collections as the storefront sees them, prices in the requested currency (the
 * shop's by default). The shop row behind a token is reused for a few seconds: every storefront
 * call needs its currency.
 */
export function createStorefrontCatalogService(db: Db, options: StorefrontCatalogOptions) {
  const { rates } = options
  const shops = createTtlCache<ShopsTable>({ clock: options.clock, ttlMs: options.shopCacheTtlMs ?? 5_000 })
  const checkoutUrl = `${options.publicUrl.replace(/\/$/, '')}/checkout/`

  async function getShopRow(shopId: string): Promise<ShopsTable> {
    const cached = shops.get(shopId)
    if (cached) return cached
    const shop = await findShop(db, shopId)
    if (!shop) throw new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
    shops.set(shopId, shop)
    return shop
  }

  /** The currency of an answer: the requested one, else the shop's. */
  async function currencyFor(shopId: string, requested: string | undefined): Promise<string> {
    if (requested !== undefined) {
      if (!isStorefrontCurrency(requested)) throw unsupportedCurrency(requested)
      return requested
    }
    return (await getShopRow(shopId)).currency
  }

  async function withVariants<T extends { id: string }>(shopId: string, products: T[]) {
    const variants = await listVariants(
      db,
      shopId,
      products.map((p) => p.id),
    )
    const byProduct = new Map<string, VariantsTable[]>()
    for (const variant of variants) {
      const list = byProduct.get(variant.product_id)
      if (list) list.push(variant)
      else byProduct.set(variant.product_id, [variant])
    }
    return (product: T) => byProduct.get(product.id) ?? []
  }

  return {
    getShopRow,
    currencyFor,

    /** `GET /shop`: the shop behind the token, with the hosted checkout's base address. */
    async getShop(shopId: string) {
      const shop = await getShopRow(shopId)
      return {
        id: shop.id,
        name: shop.name,
        domain: shop.domain,
        publicDomain: shop.public_domain || null,
        currency: shop.currency,
        checkoutUrl,
      }
    },

    /** `GET /products/{slug}`: a public or hidden product; archived and unknown ones are 404. */
    async getProduct(shopId: string, slug: string, requestedCurrency?: string) {
      const currency = await currencyFor(shopId, requestedCurrency)
      const product = await findVisibleProductBySlug(db, shopId, slug)
      if (!product) throw productNotFound(slug)
      const variants = await listVariants(db, shopId, [product.id])
      return toStorefrontProduct(product, variants, priceConverter(rates.convert, currency))
    },

    /** `GET /collections`: the built-in `all` first, then the shop's collections by name. */
    async listCollections(shopId: string, page: PageRequest) {
      const total = 1 + (await countCollections(db, shopId))
      // Position 0 of the list is `all`; stored collections start at position 1.
      const includesAll = page.offset === 0
      const stored = await listCollections(
        db,
        shopId,
        includesAll ? page.size - 1 : page.size,
        includesAll ? 0 : page.offset - 1,
      )
      const results = [...(includesAll ? [allCollection(shopId)] : []), ...stored.map(toCollection)]
      return toStorefrontPage(results, total, page)
    },

    /** `GET /collections/{slug}` (`all` is built in). */
    async getCollection(shopId: string, slug: string) {
      if (slug === allCollectionSlug) return allCollection(shopId)
      const collection = await findCollectionBySlug(db, shopId, slug)
      if (!collection) throw collectionNotFound(slug)
      return toCollection(collection)
    },

    /** `GET /collections/{slug}/products`: public products only, in the collection's order. */
    async listCollectionProducts(shopId: string, slug: string, page: PageRequest, requestedCurrency?: string) {
      const currency = await currencyFor(shopId, requestedCurrency)
      let rows: Awaited<ReturnType<typeof listPublicProducts>>
      let total: number
      if (slug === allCollectionSlug) {
        ;[rows, total] = await Promise.all([listPublicProducts(db, shopId, page), countPublicProducts(db, shopId)])
      } else {
        const collection = await findCollectionBySlug(db, shopId, slug)
        if (!collection) throw collectionNotFound(slug)
        ;[rows, total] = await Promise.all([
          listCollectionProducts(db, shopId, collection.id, page),
          countCollectionProducts(db, shopId, collection.id),
        ])
      }
      const variantsOf = await withVariants(shopId, rows)
      const price = priceConverter(rates.convert, currency)
      return toStorefrontPage(
        rows.map((row) => toStorefrontProduct(row, variantsOf(row), price)),
        total,
        page,
      )
    },
  }
}

export type StorefrontCatalogService = ReturnType<typeof createStorefrontCatalogService>
