import fs from 'node:fs'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import { catalogCacheTtlMs } from '../modules/storefront/catalog-cache.js'
import type { DemoShopCredentials } from '../seed/demo-credentials.js'
import { maxInAnyWindow } from '../testing/rolling-window.js'
import { sleep } from './cluster-process.js'
import type { BalancedResponse } from './testing/balanced-client.js'
import {
  A,
  B,
  client,
  cluster,
  database,
  demo,
  expectStatus,
  limit,
  open,
  other,
  setUpClusterSession,
  store,
  windowMs,
} from './testing/cluster-session.js'
import { type CountingReceiver, startCountingReceiver } from './testing/counting-receiver.js'
import { waitUntilDelivered } from './testing/deliveries.js'
import { buy, checkoutForm, purchasableVariants } from './testing/shopper.js'

/**
 * What the scale-out claims, proven on the real shape (issue 12, items 2): two API nodes
 * (ROLES=api) and two webhook workers (ROLES=worker) as separate processes on one PostgreSQL and
 * one Redis (local-cluster.ts).
 *
 * - Writes made through one node are read back through the other at once (the open API and
 *   carts hold no per-node state; the storefront catalogue's micro-cache is at most its TTL behind).
 * - A burst of orders placed through both nodes is delivered by the two workers exactly once per
 *   webhook configuration.
 * - One rate limit per principal across both nodes, checked on the union of start times.
 */

setUpClusterSession()

describe('reads on one node see writes made on the other', () => {
  it('products: availability set through node A reads back through node B, and back again', async () => {
    const asDemo = { basic: demo.apiUser }
    const list = await client.request(open('/products?size=5'), { ...asDemo, node: B })
    expectStatus(list, 200)
    const product = list.body.results.find((p: { state: { type: string } }) => p.state.type === 'AVAILABLE')
    expect(product).toBeDefined()

    const soldOut = await client.request(open(`/products/${product.id}/availability`), {
      ...asDemo,
      method: 'PUT',
      body: { available: false },
      node: A,
    })
    expectStatus(soldOut, 200)
    expect(soldOut.node).toBe(A)
    const readB = await client.request(open(`/products/${product.id}`), { ...asDemo, node: B })
    expect(readB.node).toBe(B)
    expect(readB.body.state).toEqual({ type: 'SOLD_OUT' })
    expect(readB.body).toEqual(soldOut.body)

    const available = await client.request(open(`/products/${product.id}/availability`), {
      ...asDemo,
      method: 'PUT',
      body: { available: true },
      node: B,
    })
    expectStatus(available, 200)
    const readA = await client.request(open(`/products/${product.id}`), { ...asDemo, node: A })
    expect(readA.body.state).toEqual({ type: 'AVAILABLE' })

    // The storefront catalogue is served from a per-node micro-cache (catalog-cache.ts): node B
    // shows a change made through node A once its TTL has passed, never later.
    const slug = product.slug as string
    await client.request(store(`/products/${slug}`), { node: B }) // B caches the AVAILABLE answer
    const hidden = await client.request(open(`/products/${product.id}/availability`), {
      ...asDemo,
      method: 'PUT',
      body: { available: false },
      node: A,
    })
    expectStatus(hidden, 200)
    await sleep(catalogCacheTtlMs + 100)
    const storefrontB = await client.request(store(`/products/${slug}`), { node: B })
    expectStatus(storefrontB, 200)
    expect(storefrontB.body.state).toEqual({ type: 'SOLD_OUT' })
    const restored = await client.request(open(`/products/${product.id}/availability`), {
      ...asDemo,
      method: 'PUT',
      body: { available: true },
      node: A,
    })
    expectStatus(restored, 200)
  })

  it('webhook configurations: created, updated and deleted through one node, read through the other', async () => {
    const asDemo = { basic: demo.apiUser }
    const created = await client.request(open('/webhooks'), {
      ...asDemo,
      body: { url: 'http://127.0.0.1:9/created-on-a', allowedTypes: ['ORDER_PLACED'] },
      node: A,
    })
    expectStatus(created, 200)
    const { secret: _secret, ...stored } = created.body
    const id = created.body.id as string

    const readB = await client.request(open(`/webhooks/${id}`), { ...asDemo, node: B })
    expectStatus(readB, 200)
    expect(readB.body).toEqual(stored)
    const listB = await client.request(open('/webhooks'), { ...asDemo, node: B })
    expect(listB.body.results.map((c: { id: string }) => c.id)).toContain(id)

    const updated = await client.request(open(`/webhooks/${id}`), {
      ...asDemo,
      method: 'PUT',
      body: { url: 'http://127.0.0.1:9/updated-on-b', allowedTypes: ['ORDER_PLACED', 'DONATION'] },
      node: B,
    })
    expectStatus(updated, 200)
    const readA = await client.request(open(`/webhooks/${id}`), { ...asDemo, node: A })
    expect(readA.body).toEqual(updated.body)
    expect(readA.body.url).toBe('http://127.0.0.1:9/updated-on-b')
    expect(readA.body.allowedTypes).toEqual(['ORDER_PLACED', 'DONATION'])

    const deleted = await client.request(open(`/webhooks/${id}`), { ...asDemo, method: 'DELETE', node: A })
    expect(deleted.status).toBeLessThan(300)
    const goneB = await client.request(open(`/webhooks/${id}`), { ...asDemo, node: B })
    expectStatus(goneB, 404)
  })

  it('carts: lines added and changed through either node; checked out through B, closed on A', async () => {
    const variants = (await purchasableVariants(database.db, demo.id)).filter((v) => v.stock_type === 'UNLIMITED')
    const [first, second] = variants
    expect(second).toBeDefined()

    const created = await client.request(store('/carts'), {
      body: { items: [{ variantId: first!.id, quantity: 1 }] },
      node: A,
    })
    expectStatus(created, 200)
    const cartId = created.body.id as string
    const added = await client.request(store(`/carts/${cartId}/add`), {
      body: { items: [{ variantId: second!.id, quantity: 2 }] },
      node: B,
    })
    expectStatus(added, 200)
    const lines = (cart: BalancedResponse) =>
      Object.fromEntries(
        cart.body.items.map((i: { variant: { id: string }; quantity: number }) => [i.variant.id, i.quantity]),
      )
    const readA = await client.request(store(`/carts/${cartId}`), { node: A })
    expect(lines(readA)).toEqual({ [first!.id]: 1, [second!.id]: 2 })

    const changed = await client.request(store(`/carts/${cartId}/change`), {
      body: { items: [{ variantId: first!.id, quantity: 3 }] },
      node: A,
    })
    expectStatus(changed, 200)
    const readB = await client.request(store(`/carts/${cartId}`), { node: B })
    expect(lines(readB)).toEqual({ [first!.id]: 3, [second!.id]: 2 })

    const placed = await client.request('/checkout/api/orders', { form: checkoutForm(cartId), node: B })
    expectStatus(placed, 201)
    const again = await client.request('/checkout/api/orders', { form: checkoutForm(cartId), node: A })
    expectStatus(again, 409)
    expect(again.body).toMatchObject({ code: 'CART_CLOSED', details: { orderId: placed.body.orderId } })
    const addAfter = await client.request(store(`/carts/${cartId}/add`), {
      body: { items: [{ variantId: first!.id, quantity: 1 }] },
      node: A,
    })
    expectStatus(addAfter, 409)
    expect(addAfter.body.code).toBe('CART_CLOSED')
    const order = await client.request(open(`/order/${placed.body.orderId}`), { basic: demo.apiUser, node: A })
    expectStatus(order, 200)
  })
})

describe('a webhook burst across two workers', () => {
  const receivers: CountingReceiver[] = []
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close()
  })

  it('delivers every order placed through both nodes exactly once per configuration', async () => {
    const asDemo = { basic: demo.apiUser }
    const secret = await client.request(open('/webhooks-secret'), { ...asDemo, node: A })
    expectStatus(secret, 200)
    const subscriptions = [['ORDER_PLACED'], ['ORDER_PLACED', 'ORDER_UPDATED'], ['ORDER_PLACED', 'DONATION']]
    const configurations: { id: string; receiver: CountingReceiver }[] = []
    for (const [n, allowedTypes] of subscriptions.entries()) {
      const receiver = await startCountingReceiver({
        secret: secret.body.secret,
        senderPids: () => cluster.workers.map((w) => w.pid),
      })
      receivers.push(receiver)
      const created = await client.request(open('/webhooks'), {
        ...asDemo,
        body: { url: receiver.url, allowedTypes },
        node: n % 2,
      })
      expectStatus(created, 200)
      configurations.push({ id: created.body.id, receiver })
    }

    const variants = (await purchasableVariants(database.db, demo.id)).filter((v) => v.stock_type === 'UNLIMITED')
    const orders = 120
    const shoppers = 8
    const placed: string[] = []
    let nextOrder = 0
    await Promise.all(
      Array.from({ length: shoppers }, async () => {
        while (nextOrder < orders) {
          const n = nextOrder++
          const variant = variants[n % variants.length]!
          const purchase = await buy(client, demo.storefrontToken, [{ variantId: variant.id, quantity: 1 + (n % 3) }])
          if (purchase.outcome !== 'ORDERED') throw new Error(`order ${n}: ${purchase.outcome}`)
          placed.push(purchase.orderId)
        }
      }),
    )
    expect(placed).toHaveLength(orders)

    // Every delivery row of the three configurations is DELIVERED (the workers are done)…
    const ids = configurations.map((c) => c.id)
    const rows = async () =>
      database.db
        .selectFrom('webhook_events')
        .select(['id', 'configuration_id', 'type', 'state'])
        .where('configuration_id', 'in', ids)
        .execute()
    await waitUntilDelivered(database.db, ids, 60_000)
    // …and a second send, were there one, would have come at once: two workers racing for a claim.
    await sleep(2_000)

    const deliveryRows = await rows()
    const perWorker = new Map<number | undefined, number>()
    const figures: string[] = []
    for (const { id, receiver } of configurations) {
      const expected = deliveryRows.filter((r) => r.configuration_id === id)
      // One delivery per ORDER_PLACED of the burst (nothing else subscribed happened meanwhile).
      expect(expected.filter((r) => r.type === 'ORDER_PLACED')).toHaveLength(orders)
      const counts = receiver.countsByWebhookId()
      expect([...counts.keys()].sort()).toEqual(expected.map((r) => r.id).sort())
      expect([...counts.values()].every((count) => count === 1)).toBe(true)
      expect(receiver.deliveries.every((d) => d.status === 200 && d.configurationId === id)).toBe(true)
      const orderIds = receiver.deliveries.filter((d) => d.type === 'ORDER_PLACED').map((d) => d.subjectId)
      expect(orderIds.sort()).toEqual([...placed].sort())
      for (const d of receiver.deliveries) perWorker.set(d.senderPid, (perWorker.get(d.senderPid) ?? 0) + 1)
      figures.push(`${id}: ${receiver.deliveries.length} requests for ${counts.size} deliveries`)
    }
    // Exactly one attempt was recorded per delivery: no worker sent one the other had claimed.
    const attempts = await database.db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(
        'webhook_event_id',
        'in',
        deliveryRows.map((r) => r.id),
      )
      .executeTakeFirstOrThrow()
    expect(Number(attempts.count)).toBe(deliveryRows.length)
    // Both workers took part (the PIDs at the other end of the receivers' connections).
    const workerPids = cluster.workers.map((w) => w.pid)
    expect(perWorker.get(undefined) ?? 0).toBe(0)
    for (const pid of workerPids) expect(perWorker.get(pid) ?? 0).toBeGreaterThan(0)
    expect(cluster.unexpectedExits).toEqual([])
    process.stdout.write(
      `webhook burst: ${orders} orders through 2 nodes, ${deliveryRows.length} deliveries to 3 configurations, each exactly once (${figures.join('; ')}); per worker ${workerPids.map((pid) => `${pid}: ${perWorker.get(pid)}`).join(', ')}\n`,
    )
  })
})

describe('the rate limit across both nodes', () => {
  it(`lets no principal start more than ${limit} requests in any rolling ${windowMs} ms, measured on the union of both nodes`, async () => {
    const principals = [demo, other]
    const perPrincipal = 100
    const redis = new Redis(cluster.redisUrl)
    const apiUsers = await database.db
      .selectFrom('api_users')
      .select(['id', 'username'])
      .where(
        'username',
        'in',
        principals.map((p) => p.apiUser.username),
      )
      .execute()
    const keyOf = (shop: DemoShopCredentials) =>
      `fanshelf:rl:user:${apiUsers.find((u) => u.username === shop.apiUser.username)!.id}`

    // Server-side start times: the slot the shared limiter granted each request (the node waits
    // until it before handling), read from the limiter's own sorted set in Redis. Entries stay there
    // at least a window after their slot, so sampling faster than that misses none.
    const slots = new Map<string, Map<string, number>>(principals.map((p) => [p.id, new Map()]))
    const sample = async () => {
      for (const shop of principals) {
        const entries = await redis.zrange(keyOf(shop), 0, -1, 'WITHSCORES')
        for (let i = 0; i < entries.length; i += 2) slots.get(shop.id)!.set(entries[i]!, Number(entries[i + 1]))
      }
    }
    let sampling = true
    const sampler = (async () => {
      while (sampling) {
        await sample()
        await sleep(100)
      }
    })()

    // Both principals hammer both nodes at once, in bursts at random moments (not in lockstep with
    // the window), far beyond the limit: 100 requests each where the limit allows 20 per 2 s.
    const responses = new Map<string, BalancedResponse[]>(principals.map((p) => [p.id, []]))
    await Promise.all(
      principals.flatMap((shop) =>
        [0, 1, 2, 3].map(async (burst) => {
          await sleep(burst * 900 + Math.random() * 700)
          await Promise.all(
            Array.from({ length: perPrincipal / 4 }, async (_, i) => {
              const response = await client.request(open('/shops/current'), {
                basic: shop.apiUser,
                node: (burst + i) % 2,
              })
              responses.get(shop.id)!.push(response)
            }),
          )
        }),
      ),
    )
    sampling = false
    await sampler
    await sample()
    redis.disconnect()

    const figures: string[] = []
    for (const shop of principals) {
      const answered = responses.get(shop.id)!
      const granted = slots.get(shop.id)!
      // Every request was served (delayed, not refused: the waits stay within the 30 s bound)…
      expect(answered.map((r) => r.status)).toEqual(answered.map(() => 200))
      // …by both nodes…
      expect(new Set(answered.map((r) => r.node))).toEqual(new Set([A, B]))
      // …and each one through the shared limiter: its Request-Id holds a slot in Redis.
      const starts = answered.map((r) => {
        const slot = granted.get(r.headers.get('request-id') ?? '')
        expect(slot, `request ${r.headers.get('request-id')} has no slot in the shared limiter`).toBeDefined()
        return slot!
      })
      const busiest = maxInAnyWindow(starts, windowMs)
      expect(busiest).toBeLessThanOrEqual(limit)
      // The hammer did reach the limit (otherwise the bound above would prove nothing).
      expect(busiest).toBe(limit)
      // No answer came back before its slot: the nodes waited for it. (Slot: Redis time; arrival:
      // this machine's clock, the same clock. A node's timer is set against its event loop's cached
      // time, which lags a little under load, hence the 50 ms allowance; a node that did not wait
      // would answer seconds early — the slots spread over 8 s.)
      const earliest = Math.min(...answered.map((r, i) => r.receivedAt - starts[i]!))
      expect(earliest).toBeGreaterThanOrEqual(-50)
      const span = Math.max(...starts) - Math.min(...starts)
      const byNode = [A, B].map((n) => answered.filter((r) => r.node === n).length)
      figures.push(
        `${shop.apiUser.username}: ${answered.length} requests (${byNode.join(' + ')} per node), max ${busiest} starts in any ${windowMs} ms, spread over ${span} ms, answers ≥ ${earliest} ms after their slot`,
      )
    }
    process.stdout.write(`rate limit across nodes (limit ${limit} per ${windowMs} ms): ${figures.join('; ')}\n`)
  })
})

describe('stopping the local cluster', () => {
  it('ends every process it started, by PID, and removes its temp directories', async () => {
    const pids = [
      cluster.postgres.pid,
      cluster.redis.pid,
      ...cluster.nodes.map((n) => n.pid),
      ...cluster.workers.map((w) => w.pid),
    ]
    expect(pids.every((pid) => pid !== undefined)).toBe(true)
    await database.close()
    await cluster.stop()
    const alive = pids.filter((pid) => {
      try {
        process.kill(pid!, 0)
        return true
      } catch {
        return false
      }
    })
    expect(alive).toEqual([])
    expect(fs.existsSync(cluster.dataDir)).toBe(false)
    expect(cluster.unexpectedExits).toEqual([])
  })
})
