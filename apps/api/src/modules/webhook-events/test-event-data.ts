import type { Contract } from '../../http/contract.js'
import type { WebhookEventType } from '../events/event-types.js'

/**
 * The `data` of a test event: the example payload the contract shows for that event type (the
 * Webhooks section), with every `shopId` set to the caller's shop — realistic data that validates
 * against the event's schema, and nothing of the shop's own.
 */
export function testEventData(contract: Contract, type: WebhookEventType, shopId: string): unknown {
  const example = contract.webhookEvents.get(type)?.example as { data?: unknown } | undefined
  if (example?.data === undefined) throw new Error(`The contract has no example for webhook event ${type}`)
  return withShopId(structuredClone(example.data), shopId)
}

function withShopId(value: unknown, shopId: string): unknown {
  if (Array.isArray(value)) return value.map((item) => withShopId(item, shopId))
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === 'shopId' ? shopId : withShopId(item, shopId)]),
  )
}
