import { type WebhookEventType, webhookEventTypes } from '@fanshelf/api'
import { parseOptions, UsageError } from '../../command.js'
import { isEventType } from './actions.js'

/** What `fanshelf trigger` was asked to do. */
export interface TriggerRequest {
  type: WebhookEventType
  /** `--shop`; undefined: the demo shop (else the first shop). */
  shopId: string | undefined
  /** `--app` (PLATFORM_APP_DISCONNECTED only). */
  appId: string | undefined
  json: boolean
}

/** `trigger <EVENT_TYPE> [--shop <id>] [--app <clientId>] [--json]`; a mistake is a UsageError (exit 2). */
export function parseTriggerArguments(args: string[]): TriggerRequest {
  const { values, positionals } = parseOptions(args, {
    shop: { type: 'string' },
    app: { type: 'string' },
    json: { type: 'boolean', default: false },
  })
  const [requested, ...extra] = positionals
  if (!requested) throw new UsageError(`the event type is required: one of ${webhookEventTypes.join(', ')}`)
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`)
  const type = requested.toUpperCase()
  if (!isEventType(type)) {
    throw new UsageError(`unknown event type "${requested}"; the types are ${webhookEventTypes.join(', ')}`)
  }
  if (values.app !== undefined && type !== 'PLATFORM_APP_DISCONNECTED') {
    throw new UsageError('--app only applies to PLATFORM_APP_DISCONNECTED')
  }
  return { type, shopId: values.shop, appId: values.app, json: values.json ?? false }
}
