import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import { inEffectScope } from '../../db/effect-scope.js'
import type { CartLinesTable, CartsTable } from '../../db/schema.js'
import { validationError } from '../../errors/domain-error.js'
import { newUuid } from '../../ids.js'
import type { ExchangeRates } from '../money/exchange-rates.js'
import { cartIdleExpiryMs, cartPurgeIntervalMs, isCartExpired, maxCartLines, maxLineQuantity } from './cart-rules.js'
import {
  type CartItemRow,
  createCartChangeQueries,
  deleteCartLines,
  deleteCartsIdleSince,
  findCart,
  findSellableVariants,
  insertCart,
  insertCartLines,
  listCartItems,
  type VariantDetails,
} from './carts.repository.js'
import {
  cartClosed,
  cartInsufficientStock,
  cartNotFound,
  cartTooManyLines,
  cartVariantNotFound,
} from './storefront.errors.js'
import { type PriceConverter, priceConverter, toCart, toCartLine } from './storefront.mapper.js'
import type { StorefrontCatalogService } from './storefront-catalog.service.js'

export interface CartItemInput {
  variantId: string
  quantity: number
  recStrategy?: string
}

export interface CreateCartInput {
  items: CartItemInput[]
  metadata?: Record<string, string>
}

export interface CartOptions {
  clock: Clock
  dialect: Dialect
  rates: ExchangeRates
  catalog: StorefrontCatalogService
}

type Action = 'create' | 'add' | 'change' | 'remove'

/** A line as a change sees it: its variant's details, quantity and position. */
interface Line {
  variant: VariantDetails
  quantity: number
  position: number
}

/** What a request wants a cart's lines to become: the new quantity per variant (0 = no line). */
interface Plan {
  quantities: Map<string, number>
  /** Variants whose quantity the request set or raised: they must be sellable and in stock. */
  checked: Map<string, { index: number; quantity: number }>
  recStrategies: Map<string, string>
}

function emptyPlan(): Plan {
  return { quantities: new Map(), checked: new Map(), recStrategies: new Map() }
}

function toLineResource(line: { quantity: number }, variant: VariantDetails | CartItemRow, price: PriceConverter) {
  return toCartLine(
    line,
    variant,
    { id: variant.product_id, name: variant.product_name, slug: variant.product_slug },
    price,
  )
}

/**
 * Anonymous storefront carts. Every change runs in one transaction that first locks the cart, so
 * concurrent changes of one cart are serialized (20 concurrent adds of 1 give quantity 20). The
 * bounds are in cart-rules.ts; the answers are the whole cart, prices in the requested currency
 * (default: the currency the cart was created with). A change reads the cart's lines with their
 * variants once and answers from them, without reading the cart again.
 */
export function createCartService(db: Db, options: CartOptions) {
  const { clock, dialect, rates, catalog } = options
  let lastPurgeAt = Number.NEGATIVE_INFINITY
  const changeQueries = createCartChangeQueries(db, dialect)

  /** The cart, open or closed; unknown, other-shop and expired carts are 404. */
  async function getLiveCart(executor: Executor, shopId: string, cartId: string, lock: boolean) {
    const cart = lock
      ? await changeQueries.findCartForChange(executor, shopId, cartId)
      : await findCart(executor, shopId, cartId)
    if (!cart || isCartExpired(cart, clock.now())) throw cartNotFound(cartId)
    return cart
  }

  /**
   * Checks the variants a request set or raised, in request order: each must be sold by the shop
   * (400 CART_VARIANT_NOT_FOUND) and, when limited or sold out, in stock for the new line
   * quantity (409 CART_INSUFFICIENT_STOCK); the line quantity must stay within maxLineQuantity.
   * `known` holds the cart's own lines' variants; other variants are looked up and added to it.
   */
  async function assertPlan(
    trx: Executor,
    shopId: string,
    plan: Plan,
    action: Action,
    known: Map<string, VariantDetails>,
  ): Promise<void> {
    const unknown = [...plan.checked.keys()].filter((id) => !known.has(id))
    for (const variant of await findSellableVariants(trx, shopId, unknown)) known.set(variant.id, variant)
    const ordered = [...plan.checked.entries()].sort((a, b) => a[1].index - b[1].index)
    for (const [variantId] of ordered) if (!known.has(variantId)) throw cartVariantNotFound(variantId)
    for (const [variantId, { index, quantity }] of ordered) {
      if (quantity > maxLineQuantity) {
        throw validationError([
          {
            location: 'body',
            field: `items/${index}/quantity`,
            rule: 'maximum',
            message: `would make the line ${quantity}; a cart line holds at most ${maxLineQuantity}`,
          },
        ])
      }
      const variant = known.get(variantId)!
      const available =
        variant.product_state === 'SOLD_OUT' ? 0 : variant.stock_type === 'LIMITED' ? (variant.in_stock ?? 0) : Infinity
      if (quantity > available) throw cartInsufficientStock(variantId, available)
    }
    const lines = [...plan.quantities.values()].filter((q) => q > 0).length
    if (lines > maxCartLines && action !== 'remove') throw cartTooManyLines(maxCartLines)
  }

  /** Writes the difference between the cart's lines and the plan; answers the new lines in order. */
  async function applyPlan(
    trx: Executor,
    cart: CartsTable,
    current: Line[],
    plan: Plan,
    known: Map<string, VariantDetails>,
    now: string,
  ): Promise<Line[]> {
    const existing = new Map(current.map((line) => [line.variant.id, line]))
    let position = current.reduce((max, line) => Math.max(max, line.position + 1), 0)
    const inserts: CartLinesTable[] = []
    const deletes: string[] = []
    const updates: { variantId: string; quantity: number; recStrategy: string | undefined }[] = []
    const result: Line[] = []
    for (const [variantId, quantity] of plan.quantities) {
      const line = existing.get(variantId)
      const recStrategy = plan.recStrategies.get(variantId)
      if (quantity <= 0) {
        if (line) deletes.push(variantId)
        continue
      }
      if (!line) {
        inserts.push({
          cart_id: cart.id,
          variant_id: variantId,
          shop_id: cart.shop_id,
          quantity,
          position,
          rec_strategy: recStrategy ?? null,
          created_at: now,
          updated_at: now,
        })
        result.push({ variant: known.get(variantId)!, quantity, position: position++ })
        continue
      }
      if (line.quantity !== quantity || recStrategy !== undefined) updates.push({ variantId, quantity, recStrategy })
      result.push({ ...line, quantity })
    }
    const [only] = updates
    if (only && updates.length === 1 && only.recStrategy === undefined && deletes.length + inserts.length === 0) {
      // The common change (one line's quantity): with the touch, one statement on PostgreSQL.
      await changeQueries.updateCartLineAndTouch(trx, cart.id, only.variantId, only.quantity, now)
    } else {
      for (const { variantId, quantity, recStrategy } of updates) {
        await changeQueries.updateCartLine(trx, cart.id, variantId, {
          quantity,
          updated_at: now,
          ...(recStrategy === undefined ? {} : { rec_strategy: recStrategy }),
        })
      }
      await deleteCartLines(trx, cart.id, deletes)
      await insertCartLines(trx, inserts)
      await changeQueries.touchCart(trx, cart.id, now)
    }
    return result.sort((a, b) => a.position - b.position)
  }

  function cartAnswer(cart: CartsTable, lines: Line[], currency: string, updatedAt: string) {
    const price = priceConverter(rates.convert, currency)
    return toCart(
      { ...cart, updated_at: updatedAt },
      currency,
      lines.map((line) => toLineResource(line, line.variant, price)),
    )
  }

  async function change(
    shopId: string,
    cartId: string,
    requestedCurrency: string | undefined,
    action: Exclude<Action, 'create'>,
    items: CartItemInput[] | { variantId: string }[],
  ) {
    if (requestedCurrency !== undefined) await catalog.currencyFor(shopId, requestedCurrency)
    return db.transaction().execute(async (trx) => {
      const cart = await getLiveCart(trx, shopId, cartId, true)
      if (cart.status !== 'OPEN') throw cartClosed(cartId)
      const rows = await changeQueries.listCartLineDetails(trx, cart.id)
      // Lines of products archived since they were added leave the cart on its next change.
      const archived = rows.filter((row) => row.product_access === 'ARCHIVED').map((row) => row.id)
      await deleteCartLines(trx, cart.id, archived)
      const lines: Line[] = rows
        .filter((row) => row.product_access !== 'ARCHIVED')
        .map(({ line_quantity, line_position, ...variant }) => ({
          variant,
          quantity: line_quantity,
          position: line_position,
        }))
      const known = new Map(lines.map((line) => [line.variant.id, line.variant]))
      const plan = emptyPlan()
      for (const line of lines) plan.quantities.set(line.variant.id, line.quantity)
      for (const [index, item] of items.entries()) {
        if (action === 'remove') {
          plan.quantities.set(item.variantId, 0)
          continue
        }
        const { quantity, recStrategy } = item as CartItemInput
        const next = action === 'add' ? (plan.quantities.get(item.variantId) ?? 0) + quantity : quantity
        plan.quantities.set(item.variantId, next)
        if (next > 0) plan.checked.set(item.variantId, { index, quantity: next })
        else plan.checked.delete(item.variantId)
        if (recStrategy !== undefined) plan.recStrategies.set(item.variantId, recStrategy)
      }
      await assertPlan(trx, shopId, plan, action, known)
      const now = isoTime(clock.now())
      const result = await applyPlan(trx, cart, lines, plan, known, now)
      return cartAnswer(cart, result, requestedCurrency ?? cart.currency, now)
    })
  }

  /** Deletes expired carts, at most once per cartPurgeIntervalMs. */
  async function purgeExpired(): Promise<void> {
    const now = clock.now()
    if (now - lastPurgeAt < cartPurgeIntervalMs) return
    lastPurgeAt = now
    await deleteCartsIdleSince(db, isoTime(now - cartIdleExpiryMs))
  }

  return {
    /** `POST /carts`: entries of quantity 0 are skipped, repeats of a variant merged into one line. */
    async createCart(shopId: string, input: CreateCartInput, requestedCurrency?: string) {
      const currency = await catalog.currencyFor(shopId, requestedCurrency)
      await purgeExpired()
      return db.transaction().execute(async (trx) => {
        const plan = emptyPlan()
        for (const [index, item] of input.items.entries()) {
          if (item.quantity === 0) continue
          const next = (plan.quantities.get(item.variantId) ?? 0) + item.quantity
          plan.quantities.set(item.variantId, next)
          plan.checked.set(item.variantId, { index: plan.checked.get(item.variantId)?.index ?? index, quantity: next })
        }
        const known = new Map<string, VariantDetails>()
        await assertPlan(trx, shopId, plan, 'create', known)
        const now = isoTime(clock.now())
        const cart: CartsTable = {
          id: newUuid(),
          shop_id: shopId,
          currency,
          metadata: JSON.stringify(input.metadata ?? {}),
          status: 'OPEN',
          order_id: null,
          created_at: now,
          updated_at: now,
        }
        await insertCart(trx, cart)
        const lines = await applyPlan(trx, cart, [], plan, known, now)
        return cartAnswer(cart, lines, currency, now)
      })
    },

    /** `GET /carts/{cartId}`: open or closed carts; 404 for unknown, other-shop and expired ones. */
    async getCart(shopId: string, cartId: string, requestedCurrency?: string) {
      if (requestedCurrency !== undefined) await catalog.currencyFor(shopId, requestedCurrency)
      const cart = await getLiveCart(db, shopId, cartId, false)
      const currency = requestedCurrency ?? cart.currency
      const price = priceConverter(rates.convert, currency)
      const rows = await listCartItems(db, cart.id)
      return toCart(
        cart,
        currency,
        rows.map((row) => toLineResource({ quantity: row.line_quantity }, row, price)),
      )
    },

    /** `POST /carts/{cartId}/add`: adds to existing lines, new variants get new lines. */
    async addItems(shopId: string, cartId: string, items: CartItemInput[], currency?: string) {
      const [only] = items
      const { addNow, addOneInOneTrip } = changeQueries
      // The common add, outside an effect scope (an Idempotency-Key, whose writes commit with its
      // saved answer): SQLite, to an existing line in one synchronous transaction shared with the
      // turn's other adds; PostgreSQL, one round
      // trip shared with concurrent adds, which must not commit or roll back with this request's
      // scope. Anything else, or nothing written: the ordinary transaction below.
      if (only && items.length === 1 && (addNow || addOneInOneTrip) && !inEffectScope()) {
        if (currency !== undefined) await catalog.currencyFor(shopId, currency)
        const now = clock.now()
        const add = {
          shopId,
          cartId,
          variantId: only.variantId,
          quantity: only.quantity,
          recStrategy: only.recStrategy ?? null,
          at: isoTime(now),
          expiredAtOrBefore: isoTime(now - cartIdleExpiryMs),
        }
        const done = await (addNow ? addNow(add) : addOneInOneTrip?.(add))
        if (done) {
          const lines = done.lines.map(({ line_quantity, line_position, ...variant }) => ({
            variant,
            quantity: line_quantity,
            position: line_position,
          }))
          return cartAnswer(done.cart, lines, currency ?? done.cart.currency, add.at)
        }
      }
      return change(shopId, cartId, currency, 'add', items)
    },

    /** `POST /carts/{cartId}/change`: sets quantities (0 removes the line; absent variants are added). */
    changeItems: (shopId: string, cartId: string, items: CartItemInput[], currency?: string) =>
      change(shopId, cartId, currency, 'change', items),

    /** `POST /carts/{cartId}/remove`: drops the listed variants' lines; others are ignored. */
    removeItems: (shopId: string, cartId: string, items: { variantId: string }[], currency?: string) =>
      change(shopId, cartId, currency, 'remove', items),
  }
}

export type CartService = ReturnType<typeof createCartService>
