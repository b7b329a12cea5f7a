import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect } from '../../db/database.js'
import type { VariantsTable } from '../../db/schema.js'
import { notFound } from '../../errors/domain-error.js'
import type { PageSerializers, SerializedJson } from '../../http/serialized-json.js'
import { createKeptPages } from '../caching/kept-pages.js'
import { createStampedCache } from '../caching/stamped-cache.js'
import { recordEvent } from '../events/event-outbox.js'
import { createTotalCounter, pageWindow } from '../paging/long-lists.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import type { ProductImageInput, VariantInput } from './product-input.js'
import { nextProductState } from './product-state.js'
import { type ProductResource, toProductResource, toStockRecordResource } from './products.mapper.js'
import {
  countLimitedVariants,
  countProducts,
  findFirstSellableVariant,
  findProduct,
  findProductForUpdate,
  listLimitedVariants,
  listProducts,
  listVariants,
  updateProductState,
} from './products.repository.js'

export interface ProductServiceOptions {
  clock: Clock
  dialect: Dialect
  /** The `getProduct` answer serialized with the contract (http/serialized-json.ts `answerSerializer`). */
  serializeProduct: (product: ProductResource) => SerializedJson
  /** The `listProducts` answer's serializers (http/serialized-json.ts `pageSerializers`). */
  productPage: PageSerializers
  /** The `listProductInventory` answer's serializers. */
  inventoryPage: PageSerializers
}

/** A variant a shopper can buy now, with its product (`findSellableVariant`). */
export interface SellableVariant {
  product: { id: string; name: string; images: ProductImageInput[] }
  variant: Pick<VariantInput, 'name' | 'weight' | 'dimensions'> & { id: string }
}

/** Serialized `getProduct` answers kept while the database is unchanged (about 2 KB each). */
const keptProducts = 2000
/** Serialized `listProducts` pages kept while the database is unchanged (up to ~80 KB each at size 20). */
const keptProductPages = 32

function productNotFound(productId: string) {
  return notFound('PRODUCT_NOT_FOUND', `Product ${productId} does not exist.`, { productId })
}

export function createProductService(db: Db, options: ProductServiceOptions) {
  const { clock, dialect, serializeProduct, productPage } = options
  const totals = createTotalCounter(db)
  const productAnswers = createStampedCache<SerializedJson>(db, { maxEntries: keptProducts })
  const productPages = createStampedCache<SerializedJson>(db, { maxEntries: keptProductPages })
  const inventoryPages = createKeptPages(db, options.inventoryPage, { maxEntries: keptProductPages })
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

  /** A page of the shop's products (with the total) and each one's variants. */
  async function productRows(shopId: string, search: string | undefined, page: PageRequest) {
    // Long lists (decision 0016): the total is counted once while unchanged, deep pages read from the end.
    const total = () => totals.total(JSON.stringify([shopId, search]), () => countProducts(db, shopId, search))
    const [rows, count] =
      page.offset === 0
        ? await Promise.all([listProducts(db, shopId, search, pageWindow(page, undefined)), total()])
        : await total().then(async (n) => [await listProducts(db, shopId, search, pageWindow(page, n)), n] as const)
    return { rows, count, variantsOf: await withVariants(shopId, rows) }
  }

  async function listProductInventory(shopId: string, productId: string, page: PageRequest) {
    await getProductRow(shopId, productId)
    const [variants, total] = await Promise.all([
      listLimitedVariants(db, shopId, productId, page),
      countLimitedVariants(db, shopId, productId),
    ])
    return toPage(variants.map(toStockRecordResource), total, page)
  }

  async function getProduct(shopId: string, productId: string): Promise<ProductResource> {
    // Both reads at once (on PostgreSQL, two connections): the variants query is scoped to the
    // shop, so it finds nothing when the product is not the shop's.
    const [product, variants] = await Promise.all([
      findProduct(db, shopId, productId),
      listVariants(db, shopId, [productId]),
    ])
    if (!product) throw productNotFound(productId)
    return toProductResource(product, variants)
  }

  async function getProductRow(shopId: string, productId: string) {
    const product = await findProduct(db, shopId, productId)
    if (!product) throw productNotFound(productId)
    return product
  }

  return {
    async listProducts(shopId: string, search: string | undefined, page: PageRequest) {
      const { rows, count, variantsOf } = await productRows(shopId, search, page)
      return toPage(
        rows.map((row) => toProductResource(row, variantsOf(row))),
        count,
        page,
      )
    },

    /**
     * `listProducts` as the wire answer (decision 0048): serialized straight to UTF-8 (one encoding
     * of a ~75 KB page instead of a string measured and then encoded again on send), and kept while
     * the database is unchanged (caching/stamped-cache.ts), as `getProductJson` and order pages are.
     */
    listProductsJson(shopId: string, search: string | undefined, page: PageRequest): Promise<SerializedJson> {
      return productPages.get(JSON.stringify([shopId, search, page.offset, page.size, page.page]), async () => {
        const { rows, count, variantsOf } = await productRows(shopId, search, page)
        const { results: _, ...meta } = toPage([], count, page)
        return productPage.page(
          meta,
          rows.map((row) => productPage.item(toProductResource(row, variantsOf(row)))),
        )
      })
    },

    getProduct,

    /** `getProduct` as the wire answer, kept while the database is unchanged (caching/stamped-cache.ts). */
    getProductJson(shopId: string, productId: string): Promise<SerializedJson> {
      return productAnswers.get(`${shopId}\u0000${productId}`, async () =>
        serializeProduct(await getProduct(shopId, productId)),
      )
    },

    /**
     * The shop's first variant a shopper can buy now (a public, available product's, in stock:
     * oldest product first, then by position), with its product; undefined when it sells nothing.
     */
    async findSellableVariant(shopId: string): Promise<SellableVariant | undefined> {
      const row = await findFirstSellableVariant(db, shopId)
      if (!row) return undefined
      return {
        product: { id: row.productId, name: row.productName, images: JSON.parse(row.images) as ProductImageInput[] },
        variant: {
          id: row.id,
          name: row.name,
          weight: JSON.parse(row.weight) as VariantInput['weight'],
          dimensions: JSON.parse(row.dimensions) as VariantInput['dimensions'],
        },
      }
    },

    listProductInventory,

    /** `listProductInventory` as the wire answer, kept while the database is unchanged (decision 0048). */
    listProductInventoryJson(shopId: string, productId: string, page: PageRequest): Promise<SerializedJson> {
      return inventoryPages([shopId, productId, page.offset, page.size, page.page], () =>
        listProductInventory(shopId, productId, page),
      )
    },

    /**
     * `PUT /products/{productId}/availability`: AVAILABLE or SOLD_OUT. A change records
     * PRODUCT_UPDATED (`{product}`) in its transaction; setting the current state changes nothing.
     */
    async setProductAvailability(shopId: string, productId: string, available: boolean) {
      return db.transaction().execute(async (trx) => {
        const product = await findProductForUpdate(trx, shopId, productId, dialect)
        if (!product) throw productNotFound(productId)
        const variants = await listVariants(trx, shopId, [product.id])
        const state = nextProductState(product.state, available)
        if (!state) return toProductResource(product, variants)
        const now = clock.now()
        const updatedAt = isoTime(now)
        if (!(await updateProductState(trx, product.id, product.state, state, updatedAt))) {
          throw new Error(`Product ${productId} changed while its availability was being set`)
        }
        const resource = toProductResource({ ...product, state, updated_at: updatedAt }, variants)
        await recordEvent(trx, { shopId, type: 'PRODUCT_UPDATED', data: { product: resource } }, now)
        return resource
      })
    },
  }
}

export type ProductService = ReturnType<typeof createProductService>
