import type { Db } from '../../db/database.js'
import type { OrderLinesTable, OrdersTable } from '../../db/schema.js'
import { notFound } from '../../errors/domain-error.js'
import type { PageSerializers, SerializedJson } from '../../http/serialized-json.js'
import { createStampedCache } from '../caching/stamped-cache.js'
import { createTotalCounter, pageWindow } from '../paging/long-lists.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { type CachedOrder, createOrderCache } from './orders.cache.js'
import { type OrderResource, toOrderResource } from './orders.mapper.js'
import {
  countOrders,
  findOldestOrder,
  findOrder,
  findOrderByFriendlyId,
  listOrderLines,
  listOrders,
  type OrderFilter,
} from './orders.repository.js'

/** Orders kept built between requests (orders.cache.ts): about 3 KB each. */
const cachedOrders = 5000
/** Serialized pages kept while the database is unchanged (caching/stamped-cache.ts): up to ~300 KB each. */
const keptPages = 64

export function createOrderService(db: Db, options: { serializers: PageSerializers }) {
  const { serializers } = options
  const cache = createOrderCache({ maxEntries: cachedOrders, serialize: serializers.item })
  const pageAnswers = createStampedCache<SerializedJson>(db, { maxEntries: keptPages })

  /** The orders built from these rows, in order; only the ones not cached read their lines. */
  async function built(rows: OrdersTable[]): Promise<CachedOrder[]> {
    const found = rows.map((row) => cache.get(row))
    const missing = rows.filter((_, i) => found[i] === undefined)
    if (missing.length === 0) return found as CachedOrder[]
    const lines = await listOrderLines(
      db,
      missing.map((o) => o.id),
    )
    const byOrder = new Map<string, OrderLinesTable[]>()
    for (const line of lines) {
      const list = byOrder.get(line.order_id)
      if (list) list.push(line)
      else byOrder.set(line.order_id, [line])
    }
    return rows.map((row, i) => found[i] ?? cache.set(row, toOrderResource(row, byOrder.get(row.id) ?? [])))
  }

  /** Long lists (decision 0016): the total is counted once while unchanged, deep pages read from the end. */
  const totals = createTotalCounter(db)

  async function page(shopId: string, filter: OrderFilter, request: PageRequest) {
    const total = () => totals.total(JSON.stringify([shopId, filter]), () => countOrders(db, shopId, filter))
    // The first page never reads from the end: its rows and the total are read side by side.
    const [rows, count] =
      request.offset === 0
        ? await Promise.all([listOrders(db, shopId, filter, pageWindow(request, undefined)), total()])
        : await total().then(async (n) => [await listOrders(db, shopId, filter, pageWindow(request, n)), n] as const)
    return { orders: await built(rows), total: count }
  }

  async function one(row: OrdersTable | undefined, notFoundDetails: Record<string, string>): Promise<OrderResource> {
    if (!row)
      throw notFound('ORDER_NOT_FOUND', `Order ${Object.values(notFoundDetails)[0]} does not exist.`, notFoundDetails)
    const [order] = await built([row])
    return (order as CachedOrder).resource
  }

  return {
    async listOrders(shopId: string, filter: OrderFilter, request: PageRequest) {
      const { orders, total } = await page(shopId, filter, request)
      return toPage(
        orders.map((order) => order.resource),
        total,
        request,
      )
    },

    /**
     * `listOrders` as the wire answer, from each order's cached serialized form; the whole answer is
     * kept while the database is unchanged.
     */
    listOrdersJson(shopId: string, filter: OrderFilter, request: PageRequest): Promise<SerializedJson> {
      return pageAnswers.get(JSON.stringify([shopId, filter, request]), async () => {
        const { orders, total } = await page(shopId, filter, request)
        const { results: _, ...meta } = toPage([], total, request)
        return serializers.page(
          meta,
          orders.map((order) => order.json),
        )
      })
    },

    async getOrder(shopId: string, orderId: string) {
      return one(await findOrder(db, shopId, orderId), { orderId })
    },

    async getOrderByFriendlyId(shopId: string, friendlyId: string) {
      return one(await findOrderByFriendlyId(db, shopId, friendlyId.toUpperCase()), { friendlyId })
    },

    /** The shop's oldest order with this status (e.g. the next CONFIRMED one to ship); undefined when none. */
    async findOldestOrder(shopId: string, status: OrderResource['status']): Promise<OrderResource | undefined> {
      const row = await findOldestOrder(db, shopId, [status])
      return row ? one(row, { orderId: row.id }) : undefined
    },
  }
}

export type OrderService = ReturnType<typeof createOrderService>
