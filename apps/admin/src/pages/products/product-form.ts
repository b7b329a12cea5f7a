import { dimensionUnits, weightUnits } from 'virtual:fanshelf-contract'
import type { Image, Money, Product, Variant } from '../../api/types.ts'
import type { FieldOf } from '../../forms/contract-form.ts'
import { numberOf } from '../../forms/contract-form.ts'

/**
 * The product form's values (what the inputs hold: text, as typed) and the request body they become
 * (`AdminProductRequest` of the admin backend), with the way back from a body pointer to a field.
 */

export interface VariantValues {
  /** The variant's id when it exists already (sent as `id`). */
  variantId?: string
  name: string
  sku: string
  unitPrice: string
  compareAtPrice: string
  unitCost: string
  creatorDeclaredCost: string
  description: string
  colorName: string
  colorSwatch: string
  sizeName: string
  stockType: 'LIMITED' | 'UNLIMITED'
  inStock: string
  weightValue: string
  weightUnit: string
  length: string
  width: string
  height: string
  dimensionUnit: string
}

export interface ProductValues {
  name: string
  slug: string
  description: string
  access: string
  state: string
  images: Image[]
  variants: VariantValues[]
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export function emptyVariant(): VariantValues {
  return {
    name: '',
    sku: '',
    unitPrice: '',
    compareAtPrice: '',
    unitCost: '',
    creatorDeclaredCost: '',
    description: '',
    colorName: '',
    colorSwatch: '#1A1A1A',
    sizeName: '',
    stockType: 'UNLIMITED',
    inStock: '',
    weightValue: '',
    weightUnit: weightUnits[0] ?? 'KG',
    length: '',
    width: '',
    height: '',
    dimensionUnit: dimensionUnits[0] ?? 'CM',
  }
}

export function emptyProduct(): ProductValues {
  return {
    name: '',
    slug: '',
    description: '',
    access: 'PUBLIC',
    state: 'AVAILABLE',
    images: [],
    variants: [{ ...emptyVariant(), name: 'Standard' }],
  }
}

function toVariantValues(variant: Variant): VariantValues {
  const weight = variant.weight as { value: number; unit: string }
  const dimensions = variant.dimensions as { length: number; width: number; height: number; unit: string }
  return {
    variantId: variant.id,
    name: variant.name,
    sku: variant.sku,
    unitPrice: text(variant.unitPrice.value),
    compareAtPrice: text(variant.compareAtPrice?.value),
    unitCost: text(variant.unitCost?.value),
    creatorDeclaredCost: text(variant.creatorDeclaredCost?.value),
    description: variant.attributes.description,
    colorName: variant.attributes.color?.name ?? '',
    colorSwatch: variant.attributes.color?.swatch ?? '#1A1A1A',
    sizeName: variant.attributes.size?.name ?? '',
    stockType: variant.stock.type,
    inStock: variant.stock.type === 'LIMITED' ? text(variant.stock.inStock) : '',
    weightValue: text(weight.value),
    weightUnit: weight.unit,
    length: text(dimensions.length),
    width: text(dimensions.width),
    height: text(dimensions.height),
    dimensionUnit: dimensions.unit,
  }
}

export function toProductValues(product: Product): ProductValues {
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    access: product.access.type,
    state: product.state.type,
    images: product.images,
    variants: product.variants.map(toVariantValues),
  }
}

/** `My New Hoodie!` → `my-new-hoodie`. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
}

function money(value: string, currency: string): Money {
  return { value: numberOf(value) as number, currency }
}

function optionalMoney(value: string, currency: string): Money | null {
  return value.trim() === '' ? null : money(value, currency)
}

/** The request body; fields left empty stay absent, so the validator names them. */
export function toProductBody(values: ProductValues, currency: string) {
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    description: values.description,
    access: { type: values.access },
    state: { type: values.state },
    images: values.images.map(({ id, url, width, height, transformedUrl }) => ({
      id,
      url,
      width,
      height,
      transformedUrl,
    })),
    variants: values.variants.map((v) => ({
      ...(v.variantId ? { id: v.variantId } : {}),
      name: v.name.trim(),
      sku: v.sku.trim(),
      unitPrice: money(v.unitPrice, currency),
      compareAtPrice: optionalMoney(v.compareAtPrice, currency),
      unitCost: optionalMoney(v.unitCost, currency),
      creatorDeclaredCost: optionalMoney(v.creatorDeclaredCost, currency),
      attributes: {
        description: v.description.trim(),
        color: v.colorName.trim() ? { name: v.colorName.trim(), swatch: v.colorSwatch.toUpperCase() } : null,
        size: v.sizeName.trim() ? { name: v.sizeName.trim() } : null,
      },
      stock: v.stockType === 'LIMITED' ? { type: 'LIMITED', inStock: numberOf(v.inStock) } : { type: 'UNLIMITED' },
      weight: { value: numberOf(v.weightValue), unit: v.weightUnit },
      dimensions: {
        length: numberOf(v.length),
        width: numberOf(v.width),
        height: numberOf(v.height),
        unit: v.dimensionUnit,
      },
    })),
  }
}

const variantFields: [RegExp, string][] = [
  [/^(unitPrice|compareAtPrice|unitCost|creatorDeclaredCost)(\/.*)?$/, '$1'],
  [/^attributes\/description$/, 'description'],
  [/^attributes\/color(\/name)?$/, 'colorName'],
  [/^attributes\/color\/swatch$/, 'colorSwatch'],
  [/^attributes\/size(\/name)?$/, 'sizeName'],
  [/^attributes$/, 'description'],
  [/^stock\/inStock$/, 'inStock'],
  [/^stock(\/type)?$/, 'stockType'],
  [/^weight(\/value)?$/, 'weightValue'],
  [/^weight\/unit$/, 'weightUnit'],
  [/^dimensions\/(length|width|height)$/, '$1'],
  [/^dimensions(\/unit)?$/, 'dimensionUnit'],
  [/^id$/, 'name'],
  [/^(name|sku)$/, '$1'],
]

/** A body pointer → the form field showing its error. */
export const productFieldOf: FieldOf = (pointer) => {
  const path = pointer.replace(/^\//, '')
  const variant = /^variants\/(\d+)\/(.+)$/.exec(path)
  if (variant) {
    const [, index, rest = ''] = variant
    for (const [pattern, field] of variantFields) {
      if (pattern.test(rest)) return `variants.${index}.${rest.replace(pattern, field)}`
    }
    return `variants.${index}.name`
  }
  if (/^variants(\/\d+)?$/.test(path)) return 'variants.root'
  if (path.startsWith('images')) return 'images'
  if (path.startsWith('access')) return 'access'
  if (path.startsWith('state')) return 'state'
  if (['name', 'slug', 'description'].includes(path)) return path
  return undefined
}
