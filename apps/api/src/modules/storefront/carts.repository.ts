import { CompiledQuery, type QueryCreator } from 'kysely'
import { type Dialect, type Executor, syncSqliteOf } from '../../db/database.js'
import { precompile, precompileSync } from '../../db/precompiled.js'
import type { CartLinesTable, CartsTable, Database } from '../../db/schema.js'
import { createBatcher } from './cart-add-batches.js'
import { maxCartLines, maxLineQuantity } from './cart-rules.js'

export async function insertCart(db: Executor, cart: CartsTable): Promise<void> {
  await db.insertInto('carts').values(cart).execute()
}

/**
 * A cart of the shop. With `lock` on PostgreSQL the row is locked until the transaction ends, so
 * concurrent changes of one cart run one after the other (SQLite has one writer: transactions are
 * serialized already).
 */
export function findCart(db: Executor, shopId: string, cartId: string, lock?: Dialect) {
  return cartQuery(db, shopId, cartId, lock).executeTakeFirst()
}

function cartQuery(db: Executor, shopId: string, cartId: string, lock: Dialect | undefined) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', cartId)
    .where('shop_id', '=', shopId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
}

/** A cart by id alone (the hosted checkout addresses carts by id; the shop is the cart's). */
export function findCartById(db: Executor, cartId: string, lock?: Dialect) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', cartId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

/**
 * The lines of a cart with their variants and products, in line order, without lines whose
 * product was archived since they were added (the read path of `GET /carts/{cartId}`).
 */
export function listCartItems(db: Executor, cartId: string) {
  return db
    .selectFrom('cart_lines as l')
    .innerJoin('variants as v', 'v.id', 'l.variant_id')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .select([
      'l.quantity as line_quantity',
      'p.name as product_name',
      'p.slug as product_slug',
      'p.state as product_state',
      'p.description as product_description',
      'p.images as product_images',
    ])
    .where('l.cart_id', '=', cartId)
    .where('p.access', '!=', 'ARCHIVED')
    .orderBy('l.position')
    .execute()
}

export type CartItemRow = Awaited<ReturnType<typeof listCartItems>>[number]

function variantDetails(db: Executor) {
  return db
    .selectFrom('variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .selectAll('v')
    .select([
      'p.name as product_name',
      'p.slug as product_slug',
      'p.state as product_state',
      'p.access as product_access',
    ])
}

/** A variant with what a cart shows and checks of it and of its product. */
export type VariantDetails = Awaited<ReturnType<ReturnType<typeof variantDetails>['execute']>>[number]

/** Variants the shop sells (its own, of products not archived), with their product's name and state. */
export function findSellableVariants(db: Executor, shopId: string, variantIds: string[]): Promise<VariantDetails[]> {
  if (variantIds.length === 0) return Promise.resolve([])
  return variantDetails(db)
    .where('v.shop_id', '=', shopId)
    .where('v.id', 'in', variantIds)
    .where('p.access', '!=', 'ARCHIVED')
    .execute()
}

/**
 * A cart's lines in order with their variants' details, for a change: lines of archived products
 * included (the change drops them) and the line's position.
 */
function cartLineDetailsQuery(db: Executor, cartId: string) {
  return variantDetails(db)
    .innerJoin('cart_lines as l', 'l.variant_id', 'v.id')
    .select(['l.quantity as line_quantity', 'l.position as line_position'])
    .where('l.cart_id', '=', cartId)
    .orderBy('l.position')
}

/** A row of `listCartLineDetails`: a line's variant with its product's fields, quantity and position. */
export type CartLineDetails = VariantDetails & { line_quantity: number; line_position: number }

/** One add of `fanshelf_cart_add_lines` (migration 0028): units of one variant to one cart, at `at`. */
export interface CartAdd {
  shopId: string
  cartId: string
  variantId: string
  quantity: number
  recStrategy: string | null
  at: string
  /** A cart last touched at or before this instant has expired. */
  expiredAtOrBefore: string
}

/** An add the function made: the touched cart, its lines before the add, a new line's details. */
interface AddedLine {
  cart: CartsTable
  lines: CartLineDetails[]
  added: CartLineDetails | null
}

/** A fixed SQL text run with its parameters (a PostgreSQL function call Kysely cannot build). */
function rawQuery<Row>(text: string) {
  return {
    execute: (executor: Executor, parameters: unknown[]) =>
      executor.executeQuery<Row>(CompiledQuery.raw(text, parameters)),
  }
}

export async function insertCartLines(db: Executor, lines: CartLinesTable[]): Promise<void> {
  if (lines.length === 0) return
  await db.insertInto('cart_lines').values(lines).execute()
}

export async function updateCartLine(
  db: Executor,
  cartId: string,
  variantId: string,
  values: Pick<CartLinesTable, 'quantity' | 'updated_at'> & Partial<Pick<CartLinesTable, 'rec_strategy'>>,
): Promise<void> {
  await cartLineUpdate(db, cartId, variantId, values).execute()
}

/** Also usable inside a `with` (a query creator: the cart change's one-statement form). */
function cartLineUpdate(
  db: QueryCreator<Database>,
  cartId: string,
  variantId: string,
  values: Partial<CartLinesTable>,
) {
  return db.updateTable('cart_lines').set(values).where('cart_id', '=', cartId).where('variant_id', '=', variantId)
}

export async function deleteCartLines(db: Executor, cartId: string, variantIds: string[]): Promise<void> {
  if (variantIds.length === 0) return
  await db.deleteFrom('cart_lines').where('cart_id', '=', cartId).where('variant_id', 'in', variantIds).execute()
}

function cartTouch(db: Executor, cartId: string, updatedAt: string) {
  return db.updateTable('carts').set({ updated_at: updatedAt }).where('id', '=', cartId)
}

/**
 * The queries of a cart change (add, change, remove: a transaction of four of them), compiled once
 * for the database they run on (db/precompiled.ts): on a cart write, building and compiling them
 * cost as much as running them.
 */
export function createCartChangeQueries(db: Executor, dialect: Dialect) {
  const lockedCart = precompile(db, 2, (q, shopId: string, cartId: string) => cartQuery(q, shopId, cartId, dialect))
  const lineDetails = precompile(db, 1, cartLineDetailsQuery)
  const lineQuantity = precompile(db, 4, (q, cartId: string, variantId: string, quantity: number, at: string) =>
    cartLineUpdate(q, cartId, variantId, { quantity, updated_at: at }),
  )
  const touch = precompile(db, 2, cartTouch)
  const addLines = rawQuery<{
    item: number
    cart: CartsTable
    lines: CartLineDetails[]
    added: CartLineDetails | null
  }>('select item, cart, lines, added from fanshelf_cart_add_lines($1, $2, $3, $4, $5, $6, $7, $8, $9)')
  const adds = createBatcher<CartAdd, AddedLine>(async (items) => {
    const column = <K extends keyof CartAdd>(key: K) => items.map((item) => item[key])
    const { rows } = await addLines.execute(db, [
      column('shopId'),
      column('cartId'),
      column('variantId'),
      column('quantity'),
      column('recStrategy'),
      column('at'),
      column('expiredAtOrBefore'),
      maxLineQuantity,
      maxCartLines,
    ])
    return new Map(rows.map((row) => [row.item - 1, row]))
  })
  // PostgreSQL: a line's new quantity and the cart's touch in one statement (a data-modifying
  // WITH), one round trip less in the locked transaction (decision 0048). SQLite has no such WITH
  // and no round trips to save.
  const lineQuantityAndTouch =
    dialect === 'postgres'
      ? precompile(db, 4, (q, cartId: string, variantId: string, quantity: number, at: string) =>
          q
            .with('line', (w) => cartLineUpdate(w, cartId, variantId, { quantity, updated_at: at }))
            .updateTable('carts')
            .set({ updated_at: at })
            .where('id', '=', cartId),
        )
      : undefined
  const addNow = dialect === 'sqlite' ? createSqliteAddNow(db) : undefined
  return {
    /**
     * SQLite: adds `quantity` units of one variant to the line the cart already has for it,
     * synchronously on the connection (no query builder, no promise per statement), in one
     * transaction with the other adds of the same event-loop turn, each in its own savepoint: the
     * touched cart and its lines after the change, or undefined when anything is not the plain case
     * (no line yet, an archived line, a limit or stock refusal, a rec strategy, a transaction of the
     * query builder open on the connection) and the caller's ordinary transaction must decide.
     */
    addNow,
    /**
     * PostgreSQL: adds `quantity` units of one variant in one round trip, shared with the adds that
     * arrive meanwhile (migration 0028's function, cart-add-batches.ts, decision 0048's amendments):
     * the touched cart and its lines after the change when the change was the happy one, undefined
     * when the function wrote nothing and the caller must run its ordinary transaction (which
     * decides any error). Undefined on SQLite, where nothing is saved.
     */
    addOneInOneTrip:
      dialect === 'postgres'
        ? async (add: CartAdd): Promise<CartAfterAdd | undefined> => {
            const answer = await adds.add(add)
            if (!answer) return undefined
            const { cart, lines, added } = answer
            if (added) return { cart, lines: [...lines, { ...added, line_quantity: add.quantity }] }
            return {
              cart,
              lines: lines.map((line) =>
                line.id === add.variantId ? { ...line, line_quantity: line.line_quantity + add.quantity } : line,
              ),
            }
          }
        : undefined,
    /** `findCart` with the row locked (PostgreSQL) until the transaction ends. */
    findCartForChange: async (trx: Executor, shopId: string, cartId: string) =>
      (await lockedCart(trx, shopId, cartId))[0],
    listCartLineDetails: lineDetails,
    updateCartLine: async (
      trx: Executor,
      cartId: string,
      variantId: string,
      values: Parameters<typeof updateCartLine>[3],
    ) => {
      if (values.rec_strategy !== undefined) return updateCartLine(trx, cartId, variantId, values)
      await lineQuantity(trx, cartId, variantId, values.quantity, values.updated_at)
    },
    touchCart: async (trx: Executor, cartId: string, updatedAt: string) => {
      await touch(trx, cartId, updatedAt)
    },
    /** `updateCartLine` (quantity only) then `touchCart`, as one statement where the database allows. */
    updateCartLineAndTouch: async (trx: Executor, cartId: string, variantId: string, quantity: number, at: string) => {
      if (lineQuantityAndTouch) {
        await lineQuantityAndTouch(trx, cartId, variantId, quantity, at)
        return
      }
      await lineQuantity(trx, cartId, variantId, quantity, at)
      await touch(trx, cartId, at)
    },
  }
}

/** `addNow` of createCartChangeQueries, on the SQLite connection under `db`. */
function createSqliteAddNow(db: Executor) {
  const sqlite = syncSqliteOf(db)
  if (!sqlite) return undefined
  const cart = precompileSync(db, sqlite, 2, (q, shopId: string, cartId: string) =>
    cartQuery(q, shopId, cartId, 'sqlite'),
  )
  const lines = precompileSync(db, sqlite, 1, cartLineDetailsQuery)
  const lineQuantity = precompileSync(
    db,
    sqlite,
    4,
    (q, cartId: string, variantId: string, quantity: number, at: string) =>
      cartLineUpdate(q, cartId, variantId, { quantity, updated_at: at }),
  )
  const touch = precompileSync(db, sqlite, 2, cartTouch)
  const add = sqlite.transaction((item: CartAdd): CartAfterAdd | undefined => {
    const [row] = cart(item.shopId, item.cartId)
    if (row?.status !== 'OPEN' || Date.parse(row.updated_at) <= Date.parse(item.expiredAtOrBefore)) return
    const current = lines(item.cartId)
    if (current.some((line) => line.product_access === 'ARCHIVED')) return
    const line = current.find((candidate) => candidate.id === item.variantId)
    if (!line) return
    const quantity = line.line_quantity + item.quantity
    const available =
      line.product_state === 'SOLD_OUT' ? 0 : line.stock_type === 'LIMITED' ? (line.in_stock ?? 0) : Infinity
    if (quantity <= 0 || quantity > maxLineQuantity || quantity > available) return
    lineQuantity(item.cartId, item.variantId, quantity, item.at)
    touch(item.cartId, item.at)
    return {
      cart: { ...row, updated_at: item.at },
      lines: current.map((other) => (other === line ? { ...line, line_quantity: quantity } : other)),
    }
  })
  // The adds of one event-loop turn in one transaction, each in a savepoint of its own (`add` nested
  // in `addAll`): one commit, and the pages they share written to the WAL once.
  const addAll = sqlite.transaction((items: CartAdd[], answers: Map<number, CartAfterAdd>) => {
    items.forEach((item, index) => {
      try {
        const answer = add(item)
        if (answer) answers.set(index, answer)
      } catch {
        // Rolled back to its savepoint: the caller's ordinary transaction decides this add.
      }
    })
  })
  const adds = createBatcher<CartAdd, CartAfterAdd>(async (items) => {
    // A transaction of the query builder open on the connection: the adds would join it.
    if (sqlite.inTransaction) return new Map()
    const answers = new Map<number, CartAfterAdd>()
    try {
      addAll.immediate(items, answers)
      return answers
    } catch {
      // The connection is busy (a streamed read) or another process holds the write lock past the
      // busy timeout: nothing was written, and each add takes the ordinary transaction, which
      // waits its turn and words any error.
      return new Map()
    }
  }, sqliteAddBatchOptions)
  return (item: CartAdd): Promise<CartAfterAdd | undefined> | undefined =>
    item.recStrategy === null ? adds.add(item) : undefined
}

/** What a shortcut add made (SQLite or PostgreSQL): the touched cart and its lines after the change. */
interface CartAfterAdd {
  cart: CartsTable
  lines: CartLineDetails[]
}

/** SQLite's adds run synchronously: one batch at a time, each turn's adds together. */
const sqliteAddBatchOptions = { maxInFlight: 1, maxBatch: 64 }

/** Closes an open cart: answers false when it was not open any more (someone else checked it out). */
export async function closeCart(db: Executor, cartId: string, orderId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('carts')
    .set({ status: 'CLOSED', order_id: orderId, updated_at: at })
    .where('id', '=', cartId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Deletes carts idle since before `cutoff` (their lines go with them); answers how many. A cart idle
 * since the cutoff was created before it too: the `created_at` condition lets the `carts_created`
 * index find them, since no index covers `updated_at` (migration 0025: a cart's touch stays a HOT
 * update on PostgreSQL).
 */
export async function deleteCartsIdleSince(db: Executor, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('carts')
    .where('created_at', '<', cutoff)
    .where('updated_at', '<', cutoff)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
