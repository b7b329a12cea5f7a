import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  createFulfillmentService,
  loadConfig,
  migrateToLatest,
  openDatabase,
  SecretBox,
  seedDemo,
  systemClock,
} from '@fanshelf/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'

let dataDir: string
const savedEnv = { ...process.env }
let orderId: string
let friendlyId: string
/** Two fulfilments of one two-line demo order. */
let first: string
let second: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-tracker-'))
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = ''
  const config = loadConfig()
  const database = openDatabase(config.databaseUrl)
  try {
    await migrateToLatest(database.db)
    const credentials = await seedDemo(database.db, {
      secretBox: SecretBox.fromDataDir(config.dataDir),
      publicUrl: config.publicUrl,
      now: Date.now(),
    })
    const shopId = credentials.shops[0]!.id
    // A demo order nothing has happened to yet, with at least two lines.
    const confirmed = await database.db
      .selectFrom('orders')
      .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select(['orders.id', 'orders.friendly_id'])
      .where('orders.shop_id', '=', shopId)
      .where('orders.status', '=', 'CONFIRMED')
      .groupBy(['orders.id', 'orders.friendly_id'])
      .having((eb) => eb.fn.countAll(), '>=', 2)
      .orderBy('orders.id')
      .executeTakeFirstOrThrow()
    orderId = confirmed.id
    friendlyId = confirmed.friendly_id
    const lines = await database.db
      .selectFrom('order_lines')
      .select(['variant_id', 'quantity'])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute()
    const fulfillments = createFulfillmentService(database.db, { clock: systemClock, dialect: database.dialect })
    const ship = async (line: (typeof lines)[number], trackingNumber: string) =>
      (
        await fulfillments.createFulfillment(shopId, {
          orderId,
          items: [{ variantId: line.variant_id, quantity: line.quantity }],
          shippingLabel: { trackingNumber, trackingCompany: 'UPS' },
        })
      ).fulfillmentId
    first = await ship(lines[0]!, '1ZCLI0001')
    // The rest of the order in the second fulfilment.
    const rest = lines.slice(1)
    second = (
      await fulfillments.createFulfillment(shopId, {
        orderId,
        items: rest.map((l) => ({ variantId: l.variant_id, quantity: l.quantity })),
        shippingLabel: { trackingNumber: '1ZCLI0002', trackingCompany: 'UPS' },
      })
    ).fulfillmentId
  } finally {
    await database.close()
  }
})
afterAll(() => {
  process.env = savedEnv
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('fanshelf tracker advance', () => {
  it('is listed in the help and explains itself', async () => {
    const help = capture()
    expect(await run(['--help'], help.io)).toBe(0)
    expect(help.out).toContain('tracker')
    const usage = capture()
    expect(await run(['tracker', '--help'], usage.io)).toBe(0)
    expect(usage.out).toContain('fanshelf tracker advance <fulfillmentId> [--to IN_TRANSIT|DELIVERED] [--json]')
  })

  it('moves the tracker to the next state and prints it with the order’s new status', async () => {
    const c = capture()
    expect(await run(['tracker', 'advance', first], c.io)).toBe(0)
    expect(c.out).toBe(
      `Tracker of ${first} (UPS 1ZCLI0001): LABEL_CREATED → IN_TRANSIT\n` +
        `Order ${friendlyId} (${orderId}): IN_PRODUCTION → PARTIALLY_SHIPPED\n`,
    )
    expect(c.err).toBe('')
  })

  it('jumps to --to DELIVERED and prints JSON with --json', async () => {
    const c = capture()
    expect(await run(['tracker', 'advance', second, '--to', 'delivered', '--json'], c.io)).toBe(0)
    const result = JSON.parse(c.out)
    expect(result).toMatchObject({
      previousTrackerState: 'LABEL_CREATED',
      fulfillment: { id: second, orderId, tracker: { state: 'DELIVERED', inTransitAt: null } },
      previousOrderStatus: 'PARTIALLY_SHIPPED',
      orderStatusChanged: true,
      order: { id: orderId, friendlyId, status: 'PARTIALLY_DELIVERED' },
    })
  })

  it('finishes the order: DELIVERED once every tracker is', async () => {
    const c = capture()
    expect(await run(['tracker', 'advance', first], c.io)).toBe(0)
    expect(c.out).toContain('IN_TRANSIT → DELIVERED')
    expect(c.out).toContain('PARTIALLY_DELIVERED → DELIVERED')
  })

  it('exits 1 naming the problem for a delivered tracker, a backwards move and an unknown fulfilment', async () => {
    const done = capture()
    expect(await run(['tracker', 'advance', first], done.io)).toBe(1)
    expect(done.err).toContain('is DELIVERED already')
    expect(done.err).toContain('FULFILLMENT_TRACKER_TRANSITION_NOT_ALLOWED')
    const backwards = capture()
    expect(await run(['tracker', 'advance', second, '--to', 'IN_TRANSIT'], backwards.io)).toBe(1)
    expect(backwards.err).toContain('never move backwards')
    const unknown = capture()
    expect(await run(['tracker', 'advance', 'ful_doesnotexist'], unknown.io)).toBe(1)
    expect(unknown.err).toContain('Fulfilment ful_doesnotexist was not found. (FULFILLMENT_NOT_FOUND)')
  })

  it.each([
    [['tracker'], 'the only subcommand is "advance"'],
    [['tracker', 'advance'], 'the fulfilment id (ful_…) is required'],
    [['tracker', 'advance', 'ful_x', '--to', 'LABEL_CREATED'], '--to must be IN_TRANSIT or DELIVERED'],
    [['tracker', 'advance', 'ful_x', '--to', 'LOST'], '--to must be IN_TRANSIT or DELIVERED'],
    [['tracker', 'advance', 'ful_x', 'ful_y'], 'unexpected argument "ful_y"'],
    [['tracker', 'advance', 'ful_x', '--bogus'], 'Unknown option'],
  ])('exits 2 with the usage for %j', async (args, message) => {
    const c = capture()
    expect(await run(args, c.io)).toBe(2)
    expect(c.err).toContain(message)
    expect(c.err).toContain('Usage: fanshelf tracker advance')
  })
})
