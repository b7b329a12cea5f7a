import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { DomainError, type ValidationIssue, validationError } from '../../errors/domain-error.js'
import { newUuid } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { toImage } from '../media/media.mapper.js'
import { findShopMediaFiles } from '../media/media.repository.js'
import { contentOf, sameVariant } from './product-content.js'
import {
  json,
  type ProductImageInput,
  type ProductInput,
  prepareVariants,
  searchTextOf,
  variantColumns,
  variantImages,
} from './product-input.js'
import { isUniqueViolation, productNotFound, productSlugDuplication, productVariantInUse } from './products.errors.js'
import { type ProductResource, toProductResource } from './products.mapper.js'
import {
  deleteVariants,
  findProductForUpdate,
  findProductIdBySlug,
  findReferencedVariantIds,
  findShopCurrency,
  insertProduct,
  insertVariant,
  listVariants,
  updateProductRow,
  updateVariantRow,
} from './products.repository.js'

/**
 * Product writes for the merchant admin: create and edit a product with its variants (the open API
 * has no product write). Bodies were validated against the admin schema `AdminProductRequest`
 * (`modules/admin/admin-api.yaml`, built from the contract's Money, Stock, Weight, Dimensions,
 * VariantAttributes and Image); this module adds the rules a schema cannot state — amounts in the
 * shop's currency and its precision, SKUs distinct within the product, slugs unique in the shop,
 * variant ids of this product — and records PRODUCT_CREATED (`data` = the product) or
 * PRODUCT_UPDATED (`data` = `{product}`) in the transaction of the change. The body and its rules
 * are product-input.ts; what counts as a change, product-content.ts.
 */

export function createProductAdminService(db: Db, options: { clock: Clock; dialect: Dialect; publicUrl: string }) {
  const { clock, dialect, publicUrl } = options

  /**
   * The images a product will show, by id: each from the shop's media library (its URL and size as
   * the library has them, whatever the request said), or one the product already shows (kept as
   * it is, e.g. an image from before the library existed). Another shop's image is not found.
   */
  async function resolveImages(
    trx: Executor,
    shopId: string,
    images: ProductImageInput[],
    previous?: string,
  ): Promise<ProductImageInput[]> {
    const ids = images.map((image) => image.id)
    const library = new Map(
      (await findShopMediaFiles(trx, shopId, [...new Set(ids)])).map((row) => [row.id, toImage(row, publicUrl)]),
    )
    const shown = new Map(
      previous === undefined ? [] : (JSON.parse(previous) as ProductImageInput[]).map((image) => [image.id, image]),
    )
    const issues: ValidationIssue[] = []
    const resolved = ids.map((id, index) => {
      if (ids.indexOf(id) !== index) {
        issues.push({ location: 'body', field: `images/${index}/id`, rule: 'uniqueItems', message: 'repeats an image' })
      }
      const image = library.get(id) ?? shown.get(id)
      if (!image) {
        issues.push({
          location: 'body',
          field: `images/${index}/id`,
          rule: 'library',
          message: 'is not an image of the shop’s media library: upload it first',
        })
      }
      return image!
    })
    if (issues.length > 0) throw validationError(issues)
    return resolved
  }

  async function shopCurrency(trx: Executor, shopId: string): Promise<string> {
    const shop = await findShopCurrency(trx, shopId)
    if (!shop) throw new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
    return shop.currency
  }

  async function assertSlugFree(trx: Executor, shopId: string, slug: string, productId?: string) {
    const owner = await findProductIdBySlug(trx, shopId, slug)
    if (owner && owner.id !== productId) throw productSlugDuplication(slug)
  }

  /** Runs a write; a unique-index race on the slug answers 409 like the check before it. */
  async function writing<T>(slug: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (isUniqueViolation(error)) throw productSlugDuplication(slug)
      throw error
    }
  }

  return {
    /** A new product and its variants; records PRODUCT_CREATED with the product. */
    async createProduct(shopId: string, input: ProductInput): Promise<ProductResource> {
      return writing(input.slug, () =>
        db.transaction().execute(async (trx) => {
          const currency = await shopCurrency(trx, shopId)
          const variants = prepareVariants(input, currency)
          const stray = input.variants.findIndex((v) => v.id !== undefined)
          if (stray >= 0) {
            throw validationError([
              {
                location: 'body',
                field: `variants/${stray}/id`,
                rule: 'not',
                message: 'a new product has no existing variants: omit id',
              },
            ])
          }
          await assertSlugFree(trx, shopId, input.slug)
          const images = await resolveImages(trx, shopId, input.images)
          const now = clock.now()
          const at = isoTime(now)
          const product: ProductsTable = {
            id: newUuid(),
            shop_id: shopId,
            name: input.name.trim(),
            slug: input.slug,
            description: input.description,
            type: 'STANDARD',
            state: input.state.type,
            access: input.access.type,
            search_text: searchTextOf(input),
            images: json(images),
            thumbnail_image: images[0] ? json(images[0]) : null,
            additional_information: null,
            size_guide: null,
            created_at: at,
            updated_at: at,
          }
          await insertProduct(trx, product)
          const rows: VariantsTable[] = []
          for (const [position, variant] of variants.entries()) {
            const row: VariantsTable = {
              id: newUuid(),
              product_id: product.id,
              shop_id: shopId,
              currency,
              created_at: at,
              updated_at: at,
              ...variantColumns(variant, position, images),
            }
            await insertVariant(trx, row)
            rows.push(row)
          }
          const resource = toProductResource(product, rows)
          await recordEvent(trx, { shopId, type: 'PRODUCT_CREATED', data: resource }, now)
          return resource
        }),
      )
    },

    /**
     * Replaces the product's fields and variants: variants with an `id` are updated, new ones added,
     * missing ones removed (409 PRODUCT_VARIANT_IN_USE when an order or cart refers to them).
     * Records PRODUCT_UPDATED (`{product}`) when anything changed; an identical save changes nothing.
     */
    async updateProduct(shopId: string, productId: string, input: ProductInput): Promise<ProductResource> {
      return writing(input.slug, () =>
        db.transaction().execute(async (trx) => {
          const product = await findProductForUpdate(trx, shopId, productId, dialect)
          if (!product) throw productNotFound(productId)
          const currency = await shopCurrency(trx, shopId)
          const variants = prepareVariants(input, currency)
          const existing = await listVariants(trx, shopId, [product.id])
          const byId = new Map(existing.map((variant) => [variant.id, variant]))
          const unknown = input.variants.findIndex((v) => v.id !== undefined && !byId.has(v.id))
          if (unknown >= 0) {
            throw validationError([
              {
                location: 'body',
                field: `variants/${unknown}/id`,
                rule: 'enum',
                message: `is not a variant of product ${productId}`,
              },
            ])
          }
          await assertSlugFree(trx, shopId, input.slug, product.id)
          const images = await resolveImages(trx, shopId, input.images, product.images)
          const kept = new Set(input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id])))
          const removed = existing.filter((variant) => !kept.has(variant.id)).map((variant) => variant.id)
          const inUse = await findReferencedVariantIds(trx, removed)
          if (inUse.size > 0) throw productVariantInUse([...inUse])

          const now = clock.now()
          const at = isoTime(now)
          const before = toProductResource(product, existing)
          const productChanges = {
            name: input.name.trim(),
            slug: input.slug,
            description: input.description,
            state: input.state.type,
            access: input.access.type,
            search_text: searchTextOf(input),
            images: json(images),
            thumbnail_image: images[0] ? json(images[0]) : null,
          }
          const rows: VariantsTable[] = variants.map((variant, position) => {
            const previous = variant.input.id === undefined ? undefined : byId.get(variant.input.id)
            return {
              id: previous?.id ?? newUuid(),
              product_id: product.id,
              shop_id: shopId,
              currency,
              created_at: previous?.created_at ?? at,
              updated_at: previous?.updated_at ?? at,
              ...variantColumns(variant, position, variantImages(images, previous?.images)),
            }
          })
          const after = toProductResource({ ...product, ...productChanges }, rows)
          if (contentOf(after) === contentOf(before)) return before

          await deleteVariants(trx, removed)
          for (const row of rows) {
            const previous = byId.get(row.id)
            if (!previous) {
              await insertVariant(trx, row)
              continue
            }
            if (!sameVariant(previous, row)) {
              const { id: _id, created_at: _created, ...columns } = row
              row.updated_at = at
              await updateVariantRow(trx, row.id, { ...columns, updated_at: at })
            }
          }
          await updateProductRow(trx, product.id, { ...productChanges, updated_at: at })
          const resource = toProductResource({ ...product, ...productChanges, updated_at: at }, rows)
          await recordEvent(trx, { shopId, type: 'PRODUCT_UPDATED', data: { product: resource } }, now)
          return resource
        }),
      )
    },
  }
}

export type ProductAdminService = ReturnType<typeof createProductAdminService>
