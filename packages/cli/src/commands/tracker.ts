import {
  createFulfillmentService,
  isTrackerState,
  loadConfig,
  migrateToLatest,
  openDatabase,
  systemClock,
  type TrackerAdvance,
  type TrackerState,
  trackerStates,
} from '@fanshelf/api'

import { type Command, parseOptions, printJson, UsageError } from '../command.js'

type TargetState = Exclude<TrackerState, 'LABEL_CREATED'>

/** States `--to` accepts: any a tracker can move to (never the initial LABEL_CREATED). */
const targetStates = trackerStates.filter((state): state is TargetState => state !== 'LABEL_CREATED')

function isTargetState(value: string): value is TargetState {
  return isTrackerState(value) && (targetStates as readonly string[]).includes(value)
}

function describe(result: TrackerAdvance): string {
  const { fulfillment, order } = result
  const label = `${fulfillment.shippingLabel.trackingCompany} ${fulfillment.shippingLabel.trackingNumber}`
  const orderLine = result.orderStatusChanged
    ? `Order ${order.friendlyId} (${order.id}): ${result.previousOrderStatus} → ${order.status}`
    : `Order ${order.friendlyId} (${order.id}): still ${order.status}`
  return `Tracker of ${fulfillment.id} (${label}): ${result.previousTrackerState} → ${fulfillment.tracker.state}\n${orderLine}\n`
}

/**
 * `fanshelf tracker advance <fulfillmentId> [--to IN_TRANSIT|DELIVERED] [--json]` — the shipment
 * tracker simulation (no carrier exists locally). Moves the tracker on, and the order's status with
 * it; a status change records ORDER_UPDATED, which the running server's worker delivers.
 *
 * @example
 * fanshelf tracker advance ful_Tq8wE3rY6uI1oP4aS7dF2g --to DELIVERED --json
 */
export const trackerCommand: Command = {
  name: 'tracker',
  summary: 'Advance a fulfilment’s shipment tracker (the carrier simulation)',
  usage: [
    'Usage: fanshelf tracker advance <fulfillmentId> [--to IN_TRANSIT|DELIVERED] [--json]',
    '',
    'Moves the shipment tracker of a fulfilment (created with POST /fulfillments) to its next state',
    '(LABEL_CREATED → IN_TRANSIT → DELIVERED), or to the later state given with --to; trackers never',
    'move backwards. The order’s status follows its trackers (e.g. SHIPPED, DELIVERED), and each',
    'status change records an ORDER_UPDATED webhook event. Works on the database named by',
    'DATABASE_URL (default DATA_DIR/fanshelf.sqlite), for any shop.',
    '',
    `  --to <state>  ${targetStates.join(' or ')} (default: the next state)`,
    '  --json        print {fulfillment, previousTrackerState, order, previousOrderStatus, orderStatusChanged}',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    const [subcommand, fulfillmentId, ...extra] = positionals
    if (subcommand !== 'advance') throw new UsageError('the only subcommand is "advance"')
    if (!fulfillmentId) throw new UsageError('the fulfilment id (ful_…) is required')
    if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`)
    const to = values.to?.toUpperCase()
    if (to !== undefined && !isTargetState(to)) {
      throw new UsageError(`--to must be ${targetStates.join(' or ')} (got "${values.to}")`)
    }
    const config = loadConfig()
    const database = openDatabase(config.databaseUrl)
    try {
      await migrateToLatest(database.db)
      const fulfillments = createFulfillmentService(database.db, { clock: systemClock, dialect: database.dialect })
      let result: TrackerAdvance
      try {
        result = await fulfillments.advanceTracker(fulfillmentId, to)
      } catch (error) {
        const code = (error as { code?: unknown }).code
        if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) {
          io.err(`fanshelf tracker: ${(error as Error).message} (${code})\n`)
          return 1
        }
        throw error
      }
      if (values.json) printJson(io, result)
      else io.out(describe(result))
      return 0
    } finally {
      await database.close()
    }
  },
}
