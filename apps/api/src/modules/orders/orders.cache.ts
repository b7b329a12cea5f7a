import type { OrdersTable } from '../../db/schema.js'
import type { OrderResource } from './orders.mapper.js'

/**
 * Orders as built for the wire, kept between requests. Building an order parses its lines'
 * product snapshots and serializing it is the bulk of a page's cost; both are reused while the
 * stored order is unchanged. An order's lines are written once, with the order, at checkout; its
 * row is compared column by column with the one the entry was built from, so any change (a new
 * status, from this node or another) is seen on the next read.
 */
export interface CachedOrder {
  readonly resource: OrderResource
  /** The order serialized with the contract's `Order` schema, UTF-8 (built on first use). */
  readonly json: Buffer
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  return false
}

function sameRow(a: OrdersTable, b: OrdersTable): boolean {
  const keys = Object.keys(a) as (keyof OrdersTable)[]
  if (keys.length !== Object.keys(b).length) return false
  for (const key of keys) if (!sameValue(a[key], b[key])) return false
  return true
}

export function createOrderCache(options: { maxEntries: number; serialize: (order: OrderResource) => Buffer }) {
  const { maxEntries, serialize } = options
  const entries = new Map<string, { row: OrdersTable; resource: OrderResource; json: Buffer | undefined }>()

  function toCached(entry: { row: OrdersTable; resource: OrderResource; json: Buffer | undefined }): CachedOrder {
    return {
      resource: entry.resource,
      get json() {
        entry.json ??= serialize(entry.resource)
        return entry.json
      },
    }
  }

  return {
    /** The cached order built from exactly this row, if any. */
    get(row: OrdersTable): CachedOrder | undefined {
      const entry = entries.get(row.id)
      return entry && sameRow(entry.row, row) ? toCached(entry) : undefined
    },
    set(row: OrdersTable, resource: OrderResource): CachedOrder {
      if (entries.size >= maxEntries && !entries.has(row.id)) {
        // Oldest first: a Map iterates in insertion order.
        entries.delete(entries.keys().next().value as string)
      }
      const entry = { row: { ...row }, resource, json: undefined }
      entries.set(row.id, entry)
      return toCached(entry)
    },
  }
}

export type OrderCache = ReturnType<typeof createOrderCache>
