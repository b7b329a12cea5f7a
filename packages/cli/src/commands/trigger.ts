import { loadConfig, webhookEventTypes } from '@fanshelf/api'
import { type Command, printJson } from '../command.js'
import { triggerActions } from './trigger/actions.js'
import { parseTriggerArguments } from './trigger/arguments.js'
import { emitEvent, formatReport } from './trigger/emit.js'

export type { TriggeredEvent, TriggerReport } from './trigger/emit.js'

const typeWidth = Math.max(...webhookEventTypes.map((type) => type.length))

const usage = [
  'Usage: fanshelf trigger <EVENT_TYPE> [--shop <shopId>] [--app <clientId>] [--json]',
  '',
  'Performs the real action behind a webhook event type through the domain services, on the',
  'database named by DATABASE_URL (default DATA_DIR/fanshelf.sqlite), so the event is genuine:',
  'recorded in the transaction of the change and delivered by the running server’s worker to',
  'every enabled webhook configuration of the shop subscribed to it (e.g. fanshelf listen’s).',
  'Prints what it did and the events it recorded, with their deliveries.',
  '',
  'Event types:',
  ...webhookEventTypes.map((type) => `  ${type.padEnd(typeWidth)}  ${triggerActions[type].does}`),
  '',
  'Links in payloads (redeemUri, mediaUrl, …) use the origin of the server running on DATA_DIR',
  '(DATA_DIR/server.json, written at its start), else PUBLIC_URL or http://HOST:PORT.',
  '',
  'PLATFORM_APP_DISCONNECTED only goes to the app’s own webhook configurations, so trigger first',
  'gives the app one at each fanshelf listen URL of the shop (signed with the app’s HMAC key,',
  'which trigger prints). An action needing data the shop lacks (a CONFIRMED order, an active',
  'member, an open draw, …) creates it first, recording that event too.',
  '',
  '  --shop <id>      the shop (sh_…); default: the demo shop (fanshelf demo-credentials)',
  '  --app <clientId> PLATFORM_APP_DISCONNECTED only: disconnect this connected app instead',
  '  --json           print {type, shopId, summary, details, events: [{id, type, createdAt,',
  '                   deliveryIds}]}',
].join('\n')

/**
 * `fanshelf trigger <EVENT_TYPE> [--shop <id>] [--json]` — makes a webhook event happen for real
 * (an order placed, a donation received, a promotion ended, an app disconnected, …) so that a
 * receiver can be tested end to end; `fanshelf listen` shows the deliveries. The arguments are read
 * in trigger/arguments.ts, each type's action is in trigger/*-actions.ts, and trigger/emit.ts runs
 * it through the API's services (decision 0040: the CLI writes no SQL on the API's tables).
 *
 * @example
 * fanshelf trigger ORDER_PLACED
 * fanshelf trigger DONATION --shop sh_6b0e6f3a-2f4c-4a8e-9d1b-7c5e2a9f4d10 --json
 */
export const triggerCommand: Command = {
  name: 'trigger',
  summary: 'Make a webhook event happen for real (places an order, receives a donation, …)',
  usage,
  async run(args, io) {
    const request = parseTriggerArguments(args)
    const outcome = await emitEvent(loadConfig(), request)
    if ('failure' in outcome) {
      io.err(`fanshelf trigger: ${outcome.failure}\n`)
      return 1
    }
    const { report } = outcome
    if (request.json) printJson(io, report)
    else io.out(formatReport(report))
    if (!report.events.some((event) => event.type === request.type)) {
      io.err(`fanshelf trigger: the action recorded no ${request.type} event.\n`)
      return 1
    }
    return 0
  },
}
