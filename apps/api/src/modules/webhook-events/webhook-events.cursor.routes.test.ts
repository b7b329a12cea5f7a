import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { recordEvent } from '../events/event-outbox.js'
import type { WebhookEventType } from '../events/event-types.js'
import { deliveryLogRetentionMs } from './webhook-events.service.js'

/** `GET /webhook-events?startingAfter=` — cursor paging of the delivery log (decision 0049). */

let platform: TestPlatform
const db = () => platform.app.platform.services.db

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())
afterEach(async () => {
  await db().deleteFrom('webhook_attempts').execute()
  await db().deleteFrom('webhook_events').execute()
  await db().deleteFrom('webhook_configurations').execute()
})

async function configuration(id: string, options: { shopId?: string; appId?: string } = {}) {
  const now = new Date(platform.clock.now()).toISOString()
  await db()
    .insertInto('webhook_configurations')
    .values({
      id,
      shop_id: options.shopId ?? platform.demo.id,
      app_id: options.appId ?? null,
      url: `https://hooks.example.com/${id}`,
      allowed_types: '["DONATION","ORDER_PLACED"]',
      api_version: 'V1',
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return id
}

/** Records an event for one configuration; the clock moves 1 ms after it unless `sameInstant`. */
async function record(
  configurationId: string,
  type: WebhookEventType = 'DONATION',
  options: { shopId?: string; sameInstant?: boolean } = {},
) {
  const { deliveryIds } = await db()
    .transaction()
    .execute((trx) =>
      recordEvent(
        trx,
        { shopId: options.shopId ?? platform.demo.id, type, data: { id: 'x' }, configurationId },
        platform.clock.now(),
      ),
    )
  if (!options.sameInstant) await platform.clock.advance(1)
  return deliveryIds[0]!
}

interface EventPage {
  results: { id: string; type: string; webhookId: string; createdAt: string }[]
  total: number
  page: number
  size: number
  totalPages: number
  hasMore: boolean
}

async function list(query: Record<string, string | number>, auth = platform.asDemo) {
  const { status, body } = await platform.call('listWebhookEvents', { query, auth })
  return { status, body: body as EventPage }
}

/** Every page by cursor, from the first: the ids in the order read, and each page's answer. */
async function walk(query: Record<string, string | number>) {
  const pages: EventPage[] = []
  let startingAfter: string | undefined
  for (;;) {
    const { status, body } = await list(startingAfter === undefined ? query : { ...query, startingAfter })
    expect(status).toBe(200)
    pages.push(body)
    if (!body.hasMore) break
    startingAfter = body.results.at(-1)!.id
  }
  return { ids: pages.flatMap((p) => p.results.map((e) => e.id)), pages }
}

describe('GET /webhook-events with startingAfter', () => {
  it('walks the log newest first, the same order as page numbers, ties at one instant by id', async () => {
    const a = await configuration('wcon_a')
    for (let i = 0; i < 4; i++) await record(a)
    // Three events at one instant: the id orders them.
    for (let i = 0; i < 3; i++) await record(a, 'DONATION', { sameInstant: true })
    await platform.clock.advance(1)
    for (let i = 0; i < 2; i++) await record(a)

    const all = (await list({ size: 100 })).body
    expect(all).toMatchObject({ total: 9, hasMore: false })
    const byCursor = await walk({ size: 2 })
    expect(byCursor.ids).toEqual(all.results.map((e) => e.id))
    expect(byCursor.pages.map((p) => p.results.length)).toEqual([2, 2, 2, 2, 1])
    expect(byCursor.pages.map((p) => p.hasMore)).toEqual([true, true, true, true, false])
    // A cursor page describes the whole log and is page 0.
    for (const page of byCursor.pages) expect(page).toMatchObject({ total: 9, page: 0, size: 2, totalPages: 5 })

    // Boundaries: a page that ends exactly at the log's end says so; after the last event, nothing.
    const exact = await walk({ size: 3 })
    expect(exact.pages.map((p) => [p.results.length, p.hasMore])).toEqual([
      [3, true],
      [3, true],
      [3, false],
    ])
    const afterLast = await list({ startingAfter: all.results.at(-1)!.id })
    expect(afterLast.body).toMatchObject({ results: [], hasMore: false, total: 9 })
    // `page=0` is the default and may go with a cursor.
    expect((await list({ page: 0, startingAfter: all.results[0]!.id, size: 100 })).body.results).toHaveLength(8)
  })

  it('is not shifted by events recorded while the client pages', async () => {
    const a = await configuration('wcon_a')
    for (let i = 0; i < 5; i++) await record(a)
    const first = (await list({ size: 2 })).body
    await record(a)
    await record(a)
    const second = (await list({ size: 2, startingAfter: first.results[1]!.id })).body
    const all = (await list({ size: 100 })).body.results.map((e) => e.id)
    // The two newest are the ones recorded meanwhile; the cursor page carries on where the first stopped.
    expect(second.results.map((e) => e.id)).toEqual(all.slice(4, 6))
    expect(second.total).toBe(7)
  })

  it('combines with the type and configuration filters, the cursor any visible event', async () => {
    const a = await configuration('wcon_a')
    const b = await configuration('wcon_b')
    const expected: string[] = []
    for (let i = 0; i < 12; i++) {
      const id = await record(i % 2 === 0 ? a : b, i % 3 === 0 ? 'ORDER_PLACED' : 'DONATION')
      if (i % 2 === 0 && i % 3 !== 0) expected.unshift(id)
    }
    const filter = { type: 'DONATION', webhookConfigurationId: a, size: 1 }
    const walked = await walk(filter)
    expect(walked.ids).toEqual(expected)
    expect(walked.pages[0]).toMatchObject({ total: expected.length, totalPages: expected.length })
    for (const page of walked.pages) {
      expect(page.results.every((e) => e.type === 'DONATION' && e.webhookId === a)).toBe(true)
    }
    // The cursor need not match the filter: it only marks a position in the log.
    const newestOfB = (await list({ webhookConfigurationId: b, size: 1 })).body.results[0]!
    const afterB = await list({ ...filter, size: 100, startingAfter: newestOfB.id })
    expect(afterB.body.results.map((e) => e.id)).toEqual(
      expected.filter(
        (id) => walked.pages.flatMap((p) => p.results).find((e) => e.id === id)!.createdAt < newestOfB.createdAt,
      ),
    )
  })

  it('answers 400 naming startingAfter for an id the caller cannot read', async () => {
    const a = await configuration('wcon_a')
    const mine = await record(a)
    const others = await record(await configuration('wcon_other', { shopId: platform.other.id }), 'DONATION', {
      shopId: platform.other.id,
    })
    const apps = await record(await configuration('wcon_app', { appId: 'apps.one' }))
    const refused = {
      code: 'REQUEST_VALIDATION_FAILED',
      details: { errors: [{ location: 'query', field: 'startingAfter', rule: 'exists' }] },
    }
    for (const id of ['weve_unknown', others, apps]) {
      const { status, body } = await list({ startingAfter: id })
      expect(status).toBe(400)
      expect(body).toMatchObject(refused)
    }
    // The other shop reads its own with it; the app's event is not the API user's to page from.
    expect((await list({ startingAfter: others }, platform.asOther)).status).toBe(200)
    expect((await list({ startingAfter: mine })).status).toBe(200)
    // An event that left the 30 days is no cursor any more (neither is it readable).
    const old = new Date(platform.clock.now() - deliveryLogRetentionMs - 1).toISOString()
    await db().updateTable('webhook_events').set({ created_at: old }).where('id', '=', mine).execute()
    expect((await list({ startingAfter: mine })).body).toMatchObject(refused)
  })

  it('answers 400 for startingAfter with a page above 0, naming both', async () => {
    const a = await configuration('wcon_a')
    const id = await record(a)
    const { status, body } = await list({ page: 1, startingAfter: id })
    expect(status).toBe(400)
    expect(body).toMatchObject({
      code: 'REQUEST_VALIDATION_FAILED',
      details: {
        errors: [
          { location: 'query', field: 'startingAfter', rule: 'exclusive' },
          { location: 'query', field: 'page', rule: 'exclusive' },
        ],
      },
    })
  })

  it('tells hasMore on numbered pages too, forward and read from the end', async () => {
    const a = await configuration('wcon_a')
    for (let i = 0; i < 7; i++) await record(a)
    const pages = []
    for (let page = 0; page < 5; page++) pages.push((await list({ size: 2, page })).body)
    expect(pages.map((p) => [p.results.length, p.hasMore])).toEqual([
      [2, true],
      [2, true],
      [2, true],
      [1, false],
      [0, false],
    ])
    expect(pages.flatMap((p) => p.results.map((e) => e.id))).toEqual((await walk({ size: 3 })).ids)
  })
})
