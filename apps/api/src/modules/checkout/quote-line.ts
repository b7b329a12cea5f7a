import type { VariantsTable } from '../../db/schema.js'

/** A line of a checkout quote (checkout-pricing.ts), and a free product's choice as the page shows it. */

export interface QuoteLine {
  variant: VariantsTable
  productId: string
  productName: string
  productSlug: string
  productDescription: string
  productState: string
  primaryImage: unknown
  quantity: number
  /** Minor units of the order currency. */
  unitPrice: number
  unitCost: number | null
  compareAtPrice: number | null
  total: number
  /** A free product of the promotion (its value is part of the discount). */
  free: boolean
  shippable: boolean
}

export interface FreeItemChoiceView {
  chosen: string
  options: { variantId: string; label: string }[]
}
