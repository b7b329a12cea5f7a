import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { type ValidationIssue, validationError } from '../../errors/domain-error.js'
import { type Money, toMinor } from '../money/money.js'

/**
 * The body of the admin's product writes (`AdminProductRequest`, already validated against the
 * schema) and the rules a schema cannot state: amounts in the shop's currency at its precision,
 * SKUs and variant ids distinct; then the columns the body becomes.
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

interface PreparedVariant {
  input: VariantInput
  unitPrice: number
  compareAtPrice: number | null
  unitCost: number | null
  creatorDeclaredCost: number | null
}

/** Amounts in the shop's currency at its precision, distinct SKUs; every issue at once (400). */
export function prepareVariants(input: ProductInput, currency: string): PreparedVariant[] {
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

export function searchTextOf(input: ProductInput): string {
  return [input.name, input.slug, ...input.variants.map((v) => v.sku)].join('\n').toLowerCase()
}

export const json = (value: unknown) => JSON.stringify(value)

/** A variant's images: those it had that the product still shows, else all of the product's. */
export function variantImages(productImages: ProductImageInput[], previous: string | undefined): ProductImageInput[] {
  if (previous === undefined) return productImages
  const urls = new Set((JSON.parse(previous) as ProductImageInput[]).map((image) => image.url))
  const kept = productImages.filter((image) => urls.has(image.url))
  return kept.length > 0 ? kept : productImages
}

export function variantColumns(
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
