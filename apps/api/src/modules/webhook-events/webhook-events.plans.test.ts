import { type Compilable, CompiledQuery } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/database.js'
import { generateLargeShop } from '../../seed/scale/large-shop.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import type { PageWindow } from '../paging/long-lists.js'
import type { WebhookOwner } from '../webhook-configurations/webhook-configurations.repository.js'
import { type WebhookEventFilter, webhookEventKeyQuery, webhookEventPageQuery } from './webhook-events.repository.js'
import { deliveryLogRetentionMs } from './webhook-events.service.js'

/**
 * The delivery log's page query is served by an index in the log's order — no sort of the log,
 * whichever filters and whether by page number or cursor (decision 0049). Proven on each database's
 * own plan (SQLite `EXPLAIN QUERY PLAN`, PostgreSQL `EXPLAIN`) over a small instance of the scale
 * data set (analysed, as the bench's is), not on an empty table the planner would scan whole.
 */

let platform: TestPlatform
let handle: DatabaseHandle
let owner: WebhookOwner
let configurationIds: string[]
let cursor: { createdAt: string; id: string }

beforeAll(async () => {
  platform = await createTestPlatform()
  handle = platform.app.platform.database
  const services = platform.app.platform.services
  const shop = await generateLargeShop(handle, {
    orders: 0,
    products: 0,
    events: 4_000,
    anchorMs: platform.clock.now(),
    secretBox: services.secretBox,
    publicUrl: platform.config.publicUrl,
  })
  owner = { shopId: shop.credentials.id, appId: null }
  configurationIds = (
    await handle.db.selectFrom('webhook_configurations').select('id').where('shop_id', '=', owner.shopId).execute()
  ).map((c) => c.id)
  const middle = await handle.db
    .selectFrom('webhook_events')
    .select(['created_at', 'id'])
    .where('shop_id', '=', owner.shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(2_000)
    .limit(1)
    .executeTakeFirstOrThrow()
  cursor = { createdAt: middle.created_at, id: middle.id }
}, 120_000)
afterAll(() => platform.close())

/** The plan of the page query, one line per step, indented by depth. */
async function plan(filter: Omit<WebhookEventFilter, 'createdSince'>, window: PageWindow): Promise<string[]> {
  const ids = filter.configurationId === undefined ? configurationIds : [filter.configurationId]
  const query = webhookEventPageQuery(
    handle.db,
    owner.shopId,
    ids,
    { ...filter, createdSince: new Date(platform.clock.now() - deliveryLogRetentionMs).toISOString() },
    window,
  )
  return explain(query)
}

/** A query's plan, one line per step, indented by depth. */
async function explain(compilable: Compilable): Promise<string[]> {
  const query = compilable.compile()
  if (handle.dialect === 'postgres') {
    const result = await handle.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]),
    )
    return result.rows.map((row) => row['QUERY PLAN'])
  }
  const result = await handle.db.executeQuery<{ id: number; parent: number; detail: string }>(
    CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]),
  )
  const depth = new Map<number, number>([[0, 0]])
  return result.rows.map((row) => {
    const level = (depth.get(row.parent) ?? 0) + 1
    depth.set(row.id, level)
    return `${'  '.repeat(level - 1)}${row.detail}`
  })
}

const indent = (line: string) => line.length - line.trimStart().length

/**
 * The steps that find the page's ids: under SQLite's `LIST SUBQUERY`, under PostgreSQL's `Limit`
 * (the outer query only reads and orders the page's own rows, by primary key).
 */
function pageSteps(lines: string[]): string[] {
  const start = lines.findIndex((line) =>
    (handle.dialect === 'postgres' ? /->\s+Limit\b/ : /^\s*LIST SUBQUERY/).test(line),
  )
  expect(start, lines.join('\n')).toBeGreaterThanOrEqual(0)
  const steps: string[] = []
  for (const line of lines.slice(start + 1)) {
    if (indent(line) <= indent(lines[start]!)) break
    steps.push(line.trim())
  }
  return steps
}

type Case = { type?: string; configuration?: true; cursor?: true }
const firstPage: PageWindow = { reversed: false, offset: 0, limit: 21 }
const cases: [string, Case, PageWindow][] = [
  ['the first page', {}, firstPage],
  ['a page read from the end', {}, { reversed: true, offset: 40, limit: 20 }],
  ['a deep page', {}, { reversed: false, offset: 1_000, limit: 20 }],
  ['the first page of a type', { type: 'ORDER_PLACED' }, firstPage],
  ['the first page of a configuration', { configuration: true }, firstPage],
  ['a type of a configuration', { type: 'ORDER_PLACED', configuration: true }, firstPage],
  ['a cursor page', { cursor: true }, firstPage],
  ['a cursor page of a type', { type: 'DONATION', cursor: true }, firstPage],
  ['a cursor page of a configuration', { configuration: true, cursor: true }, firstPage],
  ['a cursor page of a type of a configuration', { type: 'DONATION', configuration: true, cursor: true }, firstPage],
]

describe('the delivery log page query', () => {
  it.each(cases)('%s: walks an index in the log’s order, no sort', async (_name, given, window) => {
    const filter: Omit<WebhookEventFilter, 'createdSince'> = {
      ...(given.type === undefined ? {} : { type: given.type }),
      ...(given.configuration ? { configurationId: configurationIds[0] } : {}),
      ...(given.cursor ? { after: cursor } : {}),
    }
    const lines = await plan(filter, window)
    const steps = pageSteps(lines)
    const shown = lines.join('\n')
    if (handle.dialect === 'postgres') {
      expect(
        steps.some((step) => /Index (Only )?Scan( Backward)? using webhook_events_\w+ on webhook_events/.test(step)),
        shown,
      ).toBe(true)
      expect(
        steps.filter((step) => /Sort|Seq Scan|Bitmap/.test(step)),
        shown,
      ).toEqual([])
    } else {
      expect(
        steps.some((step) => /^SEARCH e USING (COVERING )?INDEX webhook_events_\w+/.test(step)),
        shown,
      ).toBe(true)
      expect(
        steps.filter((step) => /TEMP B-TREE|^SCAN /.test(step)),
        shown,
      ).toEqual([])
    }
  })
})

describe('the seek that reads the log’s anchors (log-anchors.ts)', () => {
  it.each([
    ['from the newest', {}, undefined],
    ['after an anchor', {}, true],
    ['of a type, after an anchor', { type: 'DONATION' }, true],
  ] as const)('%s: walks an index in the log’s order on index entries alone, no sort', async (_name, filter, after) => {
    const now = platform.clock.now()
    const window = {
      since: new Date(now - deliveryLogRetentionMs).toISOString(),
      upTo: new Date(now - 10_000).toISOString(),
    }
    const query = webhookEventKeyQuery(handle.db, owner.shopId, configurationIds, filter, after && cursor, 999, window)
    const lines = await explain(query)
    const shown = lines.join('\n')
    if (handle.dialect === 'postgres') {
      expect(
        lines.some((line) => /Index Only Scan( Backward)? using webhook_events_\w+/.test(line)),
        shown,
      ).toBe(true)
      expect(
        lines.filter((line) => /Sort|Seq Scan|Bitmap/.test(line)),
        shown,
      ).toEqual([])
    } else {
      expect(
        lines.some((line) => /SEARCH e USING COVERING INDEX webhook_events_\w+/.test(line)),
        shown,
      ).toBe(true)
      expect(
        lines.filter((line) => /TEMP B-TREE|^\s*SCAN /.test(line)),
        shown,
      ).toEqual([])
    }
  })
})
