import type { ProductsTable, VariantsTable } from '../../db/schema.js'
import { withoutNulls } from '../../http/optional-fields.js'
import { toMoney } from '../money/money.js'

/** A stored JSON value, or undefined (omitted, not null: decision 0021) when there is none. */
function parseOptional(json: string | null): unknown {
  return json === null ? undefined : JSON.parse(json)
}

function toStock(variant: VariantsTable) {
  return variant.stock_type === 'LIMITED'
    ? { type: 'LIMITED' as const, inStock: variant.in_stock ?? 0 }
    : { type: 'UNLIMITED' as const }
}

/** Contract schema `Variant`. */
export function toVariantResource(variant: VariantsTable) {
  const money = (minor: number | null) => (minor === null ? undefined : toMoney(minor, variant.currency))
  return {
    id: variant.id,
    name: variant.name,
    sku: variant.sku,
    unitPrice: toMoney(variant.unit_price, variant.currency),
    compareAtPrice: money(variant.compare_at_price),
    unitCost: money(variant.unit_cost),
    // Omitted (not null) when none was declared, as the platform does.
    creatorDeclaredCost:
      variant.creator_declared_cost == null ? undefined : toMoney(variant.creator_declared_cost, variant.currency),
    attributes: withoutNulls(JSON.parse(variant.attributes)),
    stock: toStock(variant),
    weight: JSON.parse(variant.weight) as unknown,
    dimensions: JSON.parse(variant.dimensions) as unknown,
    images: JSON.parse(variant.images) as unknown[],
    thumbnailImage: parseOptional(variant.thumbnail_image),
  }
}

/** What `products.digital_files` holds per file (migration 0012). */
export interface DigitalFileSummary {
  id: string
  name: string
  mediaType: string
  sizeBytes: number
  uri: string
}

/** Contract schema `DigitalFile` for each file; undefined (omitted) for products that ship. */
function toDigitalFileResources(json: string | null | undefined) {
  if (json == null) return undefined
  return (JSON.parse(json) as DigitalFileSummary[]).map((file) => ({
    uri: file.uri,
    name: file.name,
    fileSize: humanFileSize(file.sizeBytes),
    mediaType: file.mediaType,
  }))
}

/** `fileSize` as the platform writes it: `"512 B"`, `"48.2 KB"`, `"15.4 MB"` (1 KB = 1024 bytes). */
export function humanFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`
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
    thumbnailImage: parseOptional(product.thumbnail_image),
    images: JSON.parse(product.images) as unknown[],
    variants: variants.map(toVariantResource),
    additionalInformation: parseOptional(product.additional_information),
    sizeGuide: parseOptional(product.size_guide),
    digitalFiles: toDigitalFileResources(product.digital_files),
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
