import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { recordEvent } from '../events/event-outbox.js'
import type { WebhookEventType } from '../events/event-types.js'
import { cursorPageRequest } from '../paging/paging.js'
import {
  createWebhookEventService,
  deliveryLogRetentionMs,
  type WebhookEventService,
} from './webhook-events.service.js'

/**
 * Deep page numbers of the delivery log, read from kept anchors (log-anchors.ts, decision 0049
 * amendment): every page must be the page `OFFSET` reads — same events, same order, same `total`
 * and `hasMore` — as the log grows at its new end and leaves at its old one. The service under test
 * keeps an anchor every 4 events (the API's: every 1,000), so pages from the 3rd on are anchored; the
 * reference is the API itself, whose offsets here are all below 1,000: plain `OFFSET`.
 */

let platform: TestPlatform
let anchored: WebhookEventService
const db = () => platform.app.platform.services.db
const owner = () => ({ shopId: platform.demo.id, appId: null })
const size = 3

beforeAll(async () => {
  platform = await createTestPlatform()
  anchored = createWebhookEventService({
    db: db(),
    clock: platform.clock,
    contract: platform.app.platform.contract,
    // Anchors lag the clock by 5 ms: the newest events are counted at the log's end, not anchored.
    logAnchors: { every: 4, settleMs: 5, refreshAfterMs: 60_000 },
  })
})
afterAll(() => platform.close())

async function configuration(id: string) {
  const now = new Date(platform.clock.now()).toISOString()
  await db()
    .insertInto('webhook_configurations')
    .values({
      id,
      shop_id: platform.demo.id,
      app_id: null,
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

/** Records `count` events, 1 ms apart; every third at the previous one's instant (ties by id). */
async function record(configurationId: string, count: number, type: WebhookEventType = 'DONATION') {
  for (let i = 0; i < count; i++) {
    await db()
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { shopId: platform.demo.id, type, data: { id: 'x' }, configurationId }, platform.clock.now()),
      )
    if (i % 3 !== 2) await platform.clock.advance(1)
  }
}

interface ApiPage {
  results: { id: string }[]
  total: number
  hasMore: boolean
}

/** Every page, by number, through the API (plain OFFSET) and through the anchored service. */
async function comparePages(filter: { type?: WebhookEventType } = {}) {
  const { body } = await platform.call('listWebhookEvents', { query: { size: 100, ...filter }, auth: platform.asDemo })
  const total = (body as ApiPage).total
  expect(total).toBeGreaterThan(8)
  const pages = Math.ceil(total / size) + 1
  for (let page = 0; page <= pages; page++) {
    const reference = (
      await platform.call('listWebhookEvents', { query: { page, size, ...filter }, auth: platform.asDemo })
    ).body as ApiPage
    const read = await anchored.listEvents(owner(), filter, cursorPageRequest({ page, size }))
    expect({ page, ids: read.results.map((e) => e.id), total: read.total, hasMore: read.hasMore }).toEqual({
      page,
      ids: reference.results.map((e) => e.id),
      total: reference.total,
      hasMore: reference.hasMore,
    })
  }
  return total
}

describe('deep pages of the delivery log', () => {
  it('are the pages OFFSET reads, as the log grows at its end and leaves at its start', async () => {
    const a = await configuration('wcon_deep_a')
    const b = await configuration('wcon_deep_b')
    await record(a, 20)
    await record(b, 10, 'ORDER_PLACED')
    await record(a, 10)
    expect(await comparePages()).toBe(40)
    expect(await comparePages({ type: 'ORDER_PLACED' })).toBe(10)

    // New events at the log's end move every page by as many: the kept anchors still place them.
    await record(b, 7)
    expect(await comparePages()).toBe(47)

    // The oldest events leave the 30-day window: positions counted from the new end do not move.
    const oldest = await db().selectFrom('webhook_events').select('created_at').orderBy('created_at').limit(6).execute()
    const cutoff = Date.parse(oldest.at(-1)!.created_at) + 1
    platform.clock.set(cutoff + deliveryLogRetentionMs)
    expect(await comparePages()).toBeLessThan(47)
  })

  it('a page past the end is empty, with the total and no more', async () => {
    const read = await anchored.listEvents(owner(), {}, cursorPageRequest({ page: 500, size }))
    expect(read).toMatchObject({ results: [], hasMore: false })
    expect(read.total).toBeGreaterThan(0)
  })
})
