import type { Executor } from '../../db/database.js'
import type { FreeProductsType } from '../promotions/promotion-input.js'
import { listVariantsWithProducts } from './checkout.repository.js'
import type { FreeItemChoiceView, QuoteLine } from './quote-line.js'

/**
 * A `FREE_PRODUCTS` discount at checkout (decision 0023). Each entry of
 * `freeProductsType.products` gives up to `quantity` free units:
 *
 * - `AUTO_ADDED {variantId, quantity}`: that variant is added to the order at that quantity, free.
 * - `MANUALLY_ADDED {availableVariantIds, quantity}`: the shopper's own cart units of those
 *   variants become free first (the most expensive units first; a unit counts for one entry
 *   only); the rest of the quantity is added free as the variant the shopper picks at checkout,
 *   by default the first one that is in stock.
 *
 * A free unit keeps its price on the order's line and the same value is part of the order's
 * discount, so `amounts.discount` equals the free units' value. Added units take stock like any
 * other line; when an added variant cannot be had (archived, sold out, not enough stock beyond
 * what the cart already holds) the promotion does not apply.
 */

/** What a free-products entry gives: cart units made free, and `quantity` left to add. */
export interface FreeItem {
  /** Variants the added units may be, in the creator's order. */
  options: string[]
  /** Units to add (beyond the cart units made free). */
  quantity: number
  /** The cart units this entry makes free. */
  fromCart: { variantId: string; quantity: number }[]
}

interface CartUnits {
  variantId: string
  quantity: number
  /** Minor units. */
  unitPrice: number
}

/** The free items of a `freeProductsType` against the cart's lines (pure). */
export function freeItemsOf(type: FreeProductsType, lines: readonly CartUnits[]): FreeItem[] {
  if (type.type === 'AUTO_ADDED') {
    return type.products.map((p) => ({ options: [p.variantId], quantity: p.quantity, fromCart: [] }))
  }
  const left = new Map<string, number>()
  for (const line of lines) left.set(line.variantId, (left.get(line.variantId) ?? 0) + line.quantity)
  const byPrice = [...lines].sort((a, b) => b.unitPrice - a.unitPrice || a.variantId.localeCompare(b.variantId))
  return type.products.map((product) => {
    const options = new Set(product.availableVariantIds)
    let wanted = product.quantity
    const fromCart: FreeItem['fromCart'] = []
    for (const line of byPrice) {
      if (wanted === 0) break
      const available = left.get(line.variantId) ?? 0
      if (!options.has(line.variantId) || available === 0) continue
      const taken = Math.min(available, wanted)
      left.set(line.variantId, available - taken)
      wanted -= taken
      const entry = fromCart.find((f) => f.variantId === line.variantId)
      if (entry) entry.quantity += taken
      else fromCart.push({ variantId: line.variantId, quantity: taken })
    }
    return { options: [...product.availableVariantIds], quantity: wanted, fromCart }
  })
}

/** Cart units made free, by variant, over every item. */
export function freeCartUnits(items: readonly FreeItem[]): Map<string, number> {
  const units = new Map<string, number>()
  for (const item of items) {
    for (const { variantId, quantity } of item.fromCart) units.set(variantId, (units.get(variantId) ?? 0) + quantity)
  }
  return units
}

type VariantWithProduct = Awaited<ReturnType<typeof listVariantsWithProducts>>[number]

export interface FreeLines {
  /** The cart's lines, those with free units split into a paid and a free line, then the added free lines. */
  lines: QuoteLine[]
  /** The pick the shopper may change (added units with more than one variant), in item order. */
  choices: FreeItemChoiceView[]
}

/**
 * Applies free items to the priced cart lines; undefined when an added variant cannot be had.
 * `picks` are the shopper's picks in the order of the returned `choices` (the checkout form's
 * `freeChoice.<n>` is the n-th choice shown).
 */
export async function applyFreeItems(
  executor: Executor,
  shopId: string,
  cartLines: readonly QuoteLine[],
  items: readonly FreeItem[],
  picks: readonly string[] | undefined,
  lineOf: (row: VariantWithProduct, quantity: number, free: boolean) => QuoteLine,
): Promise<FreeLines | undefined> {
  const freeUnits = freeCartUnits(items)
  const lines: QuoteLine[] = cartLines.flatMap((line) => {
    const free = Math.min(freeUnits.get(line.variant.id) ?? 0, line.quantity)
    freeUnits.set(line.variant.id, (freeUnits.get(line.variant.id) ?? 0) - free)
    if (free === 0) return [line]
    const freeLine = { ...line, quantity: free, total: line.unitPrice * free, free: true }
    if (free === line.quantity) return [freeLine]
    const paid = line.quantity - free
    return [{ ...line, quantity: paid, total: line.unitPrice * paid }, freeLine]
  })

  const toAdd = items.filter((item) => item.quantity > 0)
  const choices: FreeItemChoiceView[] = []
  if (toAdd.length === 0) return { lines, choices }
  const rows = await listVariantsWithProducts(
    executor,
    shopId,
    toAdd.flatMap((item) => item.options),
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const held = new Map<string, number>()
  for (const line of lines) held.set(line.variant.id, (held.get(line.variant.id) ?? 0) + line.quantity)
  for (const item of items) {
    if (item.quantity === 0) continue
    const preferred = item.options.length > 1 ? picks?.[choices.length] : undefined
    const ordered =
      preferred && item.options.includes(preferred)
        ? [preferred, ...item.options.filter((id) => id !== preferred)]
        : item.options
    const chosen = ordered
      .map((id) => byId.get(id))
      .find(
        (row) =>
          row !== undefined &&
          row.product_access !== 'ARCHIVED' &&
          row.product_state === 'AVAILABLE' &&
          (row.stock_type === 'UNLIMITED' || (row.in_stock ?? 0) >= (held.get(row.id) ?? 0) + item.quantity),
      )
    if (!chosen) return undefined
    held.set(chosen.id, (held.get(chosen.id) ?? 0) + item.quantity)
    lines.push(lineOf(chosen, item.quantity, true))
    if (item.options.length > 1) {
      choices.push({
        chosen: chosen.id,
        options: item.options.flatMap((id) => {
          const row = byId.get(id)
          return row ? [{ variantId: id, label: `${row.product_name} — ${row.name}` }] : []
        }),
      })
    }
  }
  return { lines, choices }
}
