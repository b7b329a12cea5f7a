import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { toMoney } from '../money/money.js'

function parseNullable(json: string | null): unknown {
  return json === null ? null : JSON.parse(json)
}

function toStock(variant: VariantsTable) {
  return variant.stock_type === 'LIMITED'
    ? { type: 'LIMITED' as const, inStock: variant.in_stock ?? 0 }
    : { type: 'UNLIMITED' as const }
}

/** Contract schema `Variant`. */
export function toVariantResource(variant: VariantsTable) {
  const money = (minor: number | null) => (minor === null ? null : toMoney(minor, variant.currency))
  return {
    id: variant.id,
    name: variant.name,
    sku: variant.sku,
    unitPrice: toMoney(variant.unit_price, variant.currency),
    compareAtPrice: money(variant.compare_at_price),
    unitCost: money(variant.unit_cost),
    attributes: JSON.parse(variant.attributes) as unknown,
    stock: toStock(variant),
    weight: JSON.parse(variant.weight) as unknown,
    dimensions: JSON.parse(variant.dimensions) as unknown,
    images: JSON.parse(variant.images) as unknown[],
    thumbnailImage: parseNullable(variant.thumbnail_image),
  }
}

/** The only place a product's wire shape is built (contract schema `Product`). */
export function toProductResource(product: ProductsTable, variants: VariantsTable[]) {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    description: product.description,
    type: product.type,
    state: { type: product.state },
    access: { type: product.access },
    thumbnailImage: parseNullable(product.thumbnail_image),
    images: JSON.parse(product.images) as unknown[],
    variants: variants.map(toVariantResource),
    additionalInformation: parseNullable(product.additional_information),
    sizeGuide: parseNullable(product.size_guide),
    createdAt: product.created_at,
    updatedAt: product.updated_at,
  }
}

/** Contract schema `StockRecord`: only variants with LIMITED stock have one. */
export function toStockRecordResource(variant: VariantsTable) {
  return {
    variantId: variant.id,
    quantity: variant.in_stock ?? 0,
    createdAt: variant.created_at,
    updatedAt: variant.updated_at,
  }
}

export type ProductResource = ReturnType<typeof toProductResource>
