import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { DomainError, notFound, type ValidationIssue, validationError } from '../../errors/domain-error.js'
import { newUuid } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { toImage } from '../media/media.mapper.js'
import { findShopMediaFiles } from '../media/media.repository.js'
import { type Money, toMinor } from '../money/money.js'
import { type ProductResource, toProductResource, toVariantResource } from './products.mapper.js'
import { findProductForUpdate, listVariants } from './products.repository.js'

/**
 * Product writes for the merchant admin: create and edit a product with its variants (the open API
 * has no product write). Bodies were validated against the admin schema `AdminProductRequest`
 * (`modules/admin/admin-api.yaml`, built from the contract's Money, Stock, Weight, Dimensions,
 * VariantAttributes and Image); this module adds the rules a schema cannot state — amounts in the
 * shop's currency and its precision, SKUs distinct within the product, slugs unique in the shop,
 * variant ids of this product — and records PRODUCT_CREATED (`data` = the product) or
 * PRODUCT_UPDATED (`data` = `{product}`) in the transaction of the change.
 */

export interface ProductImageInput {
  id: string
  url: string
  width: number
  height: number
  transformedUrl: string
}

export interface VariantInput {
  /** An existing variant of the product; omitted for a new one. */
  id?: string
  name: string
  sku: string
  unitPrice: Money
  compareAtPrice?: Money | null
  unitCost?: Money | null
  creatorDeclaredCost?: Money | null
  attributes: {
    description: string
    color?: { name: string; swatch: string } | null
    size?: { name: string } | null
  }
  stock: { type: 'LIMITED'; inStock: number } | { type: 'UNLIMITED' }
  weight: { value: number; unit: string }
  dimensions: { length: number; width: number; height: number; unit: string }
}

/** Body of `POST /admin/api/products` and `PUT /admin/api/products/{productId}`. */
export interface ProductInput {
  name: string
  slug: string
  description: string
  access: { type: ProductsTable['access'] }
  state: { type: ProductsTable['state'] }
  images: ProductImageInput[]
  variants: VariantInput[]
}

// ------------------------------------------------------------------ queries (executor first)

function findShopCurrency(db: Executor, shopId: string) {
  return db.selectFrom('shops').select('currency').where('id', '=', shopId).executeTakeFirst()
}

function findProductIdBySlug(db: Executor, shopId: string, slug: string) {
  return db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('slug', '=', slug)
    .executeTakeFirst()
}

/** The variants among `variantIds` that an order line or a cart line refers to. */
async function findReferencedVariantIds(db: Executor, variantIds: string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set()
  const [orderLines, cartLines] = await Promise.all([
    db.selectFrom('order_lines').select('variant_id').where('variant_id', 'in', variantIds).execute(),
    db.selectFrom('cart_lines').select('variant_id').where('variant_id', 'in', variantIds).execute(),
  ])
  return new Set([...orderLines, ...cartLines].map((row) => row.variant_id))
}

function insertProduct(db: Executor, row: ProductsTable) {
  return db.insertInto('products').values(row).execute()
}

function updateProductRow(db: Executor, productId: string, changes: Partial<ProductsTable>) {
  return db.updateTable('products').set(changes).where('id', '=', productId).execute()
}

function insertVariant(db: Executor, row: VariantsTable) {
  return db.insertInto('variants').values(row).execute()
}

function updateVariantRow(db: Executor, variantId: string, changes: Partial<VariantsTable>) {
  return db.updateTable('variants').set(changes).where('id', '=', variantId).execute()
}

function deleteVariants(db: Executor, variantIds: string[]) {
  if (variantIds.length === 0) return Promise.resolve()
  return db.deleteFrom('variants').where('id', 'in', variantIds).execute()
}

// ------------------------------------------------------------------ errors

function productNotFound(productId: string) {
  return notFound('PRODUCT_NOT_FOUND', `Product ${productId} does not exist.`, { productId })
}

export function productSlugDuplication(slug: string): DomainError {
  return new DomainError('PRODUCT_SLUG_DUPLICATION', `Another product of the shop already uses the slug "${slug}".`, {
    field: 'slug',
    slug,
  })
}

export function productVariantInUse(variantIds: string[]): DomainError {
  return new DomainError(
    'PRODUCT_VARIANT_IN_USE',
    `Variant ${variantIds.join(', ')} cannot be removed: orders or carts refer to it. Set its stock to 0 instead.`,
    { field: 'variants', variantIds },
  )
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}

// ------------------------------------------------------------------ rules a schema cannot state

interface PreparedVariant {
  input: VariantInput
  unitPrice: number
  compareAtPrice: number | null
  unitCost: number | null
  creatorDeclaredCost: number | null
}

/** Amounts in the shop's currency at its precision, distinct SKUs; every issue at once (400). */
function prepareVariants(input: ProductInput, currency: string): PreparedVariant[] {
  const issues: ValidationIssue[] = []
  const minor = (money: Money, field: string): number => {
    if (money.currency !== currency) {
      issues.push({
        location: 'body',
        field: `${field}/currency`,
        rule: 'enum',
        message: `must be ${currency}, the shop's currency`,
      })
      return 0
    }
    const value = toMinor(money.value, money.currency)
    if (value === undefined) {
      issues.push({
        location: 'body',
        field: `${field}/value`,
        rule: 'multipleOf',
        message: `must have at most the minor-unit precision of ${money.currency}`,
      })
      return 0
    }
    return value
  }
  const skus = new Map<string, number>()
  const ids = new Set<string>()
  const prepared = input.variants.map((variant, index) => {
    const field = `variants/${index}`
    const key = variant.sku.trim().toUpperCase()
    const first = skus.get(key)
    if (first !== undefined) {
      issues.push({
        location: 'body',
        field: `${field}/sku`,
        rule: 'uniqueItems',
        message: `repeats the SKU of variant ${first + 1}`,
      })
    } else skus.set(key, index)
    if (variant.id !== undefined) {
      if (ids.has(variant.id)) {
        issues.push({ location: 'body', field: `${field}/id`, rule: 'uniqueItems', message: 'repeats a variant id' })
      }
      ids.add(variant.id)
    }
    return {
      input: variant,
      unitPrice: minor(variant.unitPrice, `${field}/unitPrice`),
      compareAtPrice: variant.compareAtPrice == null ? null : minor(variant.compareAtPrice, `${field}/compareAtPrice`),
      unitCost: variant.unitCost == null ? null : minor(variant.unitCost, `${field}/unitCost`),
      creatorDeclaredCost:
        variant.creatorDeclaredCost == null ? null : minor(variant.creatorDeclaredCost, `${field}/creatorDeclaredCost`),
    }
  })
  if (issues.length > 0) throw validationError(issues)
  return prepared
}

function searchTextOf(input: ProductInput): string {
  return [input.name, input.slug, ...input.variants.map((v) => v.sku)].join('\n').toLowerCase()
}

const json = (value: unknown) => JSON.stringify(value)

/** A variant's images: those it had that the product still shows, else all of the product's. */
function variantImages(productImages: ProductImageInput[], previous: string | undefined): ProductImageInput[] {
  if (previous === undefined) return productImages
  const urls = new Set((JSON.parse(previous) as ProductImageInput[]).map((image) => image.url))
  const kept = productImages.filter((image) => urls.has(image.url))
  return kept.length > 0 ? kept : productImages
}

function variantColumns(
  variant: PreparedVariant,
  position: number,
  images: ProductImageInput[],
): Omit<VariantsTable, 'id' | 'product_id' | 'shop_id' | 'currency' | 'created_at' | 'updated_at'> {
  const { input } = variant
  return {
    position,
    name: input.name.trim(),
    sku: input.sku.trim(),
    unit_price: variant.unitPrice,
    compare_at_price: variant.compareAtPrice,
    unit_cost: variant.unitCost,
    creator_declared_cost: variant.creatorDeclaredCost,
    attributes: json(input.attributes),
    stock_type: input.stock.type,
    in_stock: input.stock.type === 'LIMITED' ? input.stock.inStock : null,
    weight: json(input.weight),
    dimensions: json(input.dimensions),
    images: json(images),
    thumbnail_image: images[0] ? json(images[0]) : null,
  }
}

/** JSON with object keys sorted, so that equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  )
}

/** The product resource without its timestamps: what a change is judged by. */
function contentOf(resource: ProductResource): string {
  const { updatedAt: _updated, createdAt: _created, ...content } = resource
  return canonical(content)
}

function sameVariant(a: VariantsTable, b: VariantsTable): boolean {
  return a.position === b.position && canonical(toVariantResource(a)) === canonical(toVariantResource(b))
}

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
