import type { BuiltProduct, LinePlan, OrderPlan, OrderStatus, ShopContext } from './demo-model.js'
import { orderStatuses } from './demo-model.js'
import { statusForAge } from './demo-order-status.js'
import type { OrderWriter } from './demo-orders.js'
import type { Person } from './demo-people.js'
import { popularity, sellableAt } from './demo-products.js'
import { DAY, HOUR, MINUTE, seedAnchorMs } from './demo-time.js'
import type { Prng } from './prng.js'

/**
 * The shop's regular orders (what the gifts did not already make): spread over ~120 days, denser
 * towards the anchor, every status and source at least a few times, written in time order.
 */
export function buildRegularOrders(
  ctx: ShopContext,
  deps: { products: BuiltProduct[]; pickSupporter: (p: Prng) => Person; orders: OrderWriter },
) {
  const { spec, rows, base } = ctx
  const { emitOrder } = deps.orders
  const { pickSupporter } = deps
  const orderPrng = base.fork('orders')
  const regularCount = spec.counts.orders - rows.orders.length
  const plans: OrderPlan[] = []
  const createdTimes = new Set<number>()
  while (plans.length < regularCount) {
    // Spread over ~120 days, denser towards the anchor (a growing shop).
    let createdMs = Math.round(seedAnchorMs - 120 * DAY * orderPrng.next() ** 1.5 - orderPrng.int(5 * MINUTE, HOUR))
    while (createdTimes.has(createdMs)) createdMs += 1
    const sellable = sellableAt(deps.products, createdMs)
    if (sellable.length === 0) continue
    createdTimes.add(createdMs)
    const isSample = orderPrng.chance(0.05)
    const lineCount = orderPrng.weighted([
      [1, 50],
      [2, 30],
      [3, 13],
      [4, 7],
    ])
    const chosen = new Map<string, LinePlan>()
    for (let attempt = 0; chosen.size < lineCount && attempt < 20; attempt++) {
      const p = orderPrng.weighted(sellable.map((s) => [s, popularity(s)] as const))
      const variant = orderPrng.pick(p.variants)
      if (chosen.has(variant.row.id)) continue
      const quantity = isSample
        ? 1
        : orderPrng.weighted([
            [1, 75],
            [2, 20],
            [3, 5],
          ])
      chosen.set(variant.row.id, { product: p, variant, quantity })
    }
    const lines = [...chosen.values()]
    const digital = lines.every((l) => l.product.digital)
    const ageDays = (seedAnchorMs - createdMs) / DAY
    plans.push({
      createdMs,
      person: pickSupporter(orderPrng),
      lines,
      source: { type: isSample && !digital ? 'SAMPLES_ORDER' : 'ORDER' },
      status: statusForAge(orderPrng, ageDays, digital),
      digital,
    })
  }
  // Every status and source appears at least this often (the filters have something to find).
  const minimum = spec.counts.orders >= 100 ? 3 : 1
  const typicalAge: Record<OrderStatus, number> = {
    CONFIRMED: 0.5,
    PARTIALLY_IN_PRODUCTION: 1.5,
    IN_PRODUCTION: 3,
    PARTIALLY_SHIPPED: 6,
    SHIPPED: 9,
    PARTIALLY_DELIVERED: 16,
    DELIVERED: 25,
    CANCELLED: 12,
    COMPLETED: 60,
  }
  const countStatus = (s: OrderStatus) =>
    plans.filter((p) => p.status === s).length + rows.orders.filter((o) => o.status === s).length
  for (const status of orderStatuses) {
    while (countStatus(status) < minimum) {
      const candidate = plans
        .filter((p) => !p.digital && p.status !== status && countStatus(p.status) > minimum)
        .sort(
          (a, b) =>
            Math.abs((seedAnchorMs - a.createdMs) / DAY - typicalAge[status]) -
            Math.abs((seedAnchorMs - b.createdMs) / DAY - typicalAge[status]),
        )[0]
      if (!candidate) break
      candidate.status = status
    }
  }
  const samples = plans.filter((p) => p.source.type === 'SAMPLES_ORDER').length
  for (const plan of plans
    .filter((p) => !p.digital && p.source.type === 'ORDER')
    .slice(0, Math.max(0, minimum - samples))) {
    plan.source = { type: 'SAMPLES_ORDER' }
  }
  plans.sort((a, b) => a.createdMs - b.createdMs)
  for (const plan of plans) emitOrder(orderPrng, plan)
  rows.orders.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
}
