import {
  type Config,
  DomainError,
  readDemoCredentials,
  type Services,
  type WebhookEventType,
  withOperatorServices,
} from '@fanshelf/api'
import { triggerActions } from './actions.js'
import type { TriggerRequest } from './arguments.js'
import type { ActionResult } from './context.js'

/** A recorded event and the deliveries it fanned out to (one per subscribed configuration). */
export interface TriggeredEvent {
  id: string
  type: string
  createdAt: string
  deliveryIds: string[]
}

/** `fanshelf trigger --json` output. */
export interface TriggerReport {
  type: WebhookEventType
  shopId: string
  summary: string
  details: Record<string, unknown>
  events: TriggeredEvent[]
}

/** What emitting came to: the report, or why nothing could be done (a sentence; exit code 1). */
export type TriggerOutcome = { report: TriggerReport } | { failure: string }

/** The demo shop (DATA_DIR/demo-credentials.json), else the oldest shop. */
async function defaultShopId(services: Services, dataDir: string): Promise<string | undefined> {
  return readDemoCredentials(dataDir)?.shops[0]?.id ?? (await services.shops.listShops())[0]?.id
}

/** The shop's currency; undefined when there is no such shop. */
async function shopCurrency(services: Services, shopId: string): Promise<string | undefined> {
  try {
    return (await services.shops.getShop(shopId)).currency
  } catch (error) {
    if (error instanceof DomainError && error.code === 'SHOP_NOT_FOUND') return undefined
    throw error
  }
}

/** A refusal of a domain service (an error with a code such as `PRODUCT_NOT_FOUND`), as a sentence. */
function refusalOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code
  if (typeof code !== 'string' || !/^[A-Z_]+$/.test(code)) return undefined
  return `${(error as Error).message} (${code})`
}

/**
 * Performs the action behind `request.type` through the API's services on the configured database
 * (`withOperatorServices`): the services record the events in the outbox, in the transactions of
 * their changes, and fan them out to the shop's subscribed configurations; the running server's
 * worker sends the deliveries. Answers the events the shop's outbox recorded meanwhile.
 */
export function emitEvent(config: Config, request: TriggerRequest): Promise<TriggerOutcome> {
  return withOperatorServices(config, async (services, local): Promise<TriggerOutcome> => {
    const shopId = request.shopId ?? (await defaultShopId(services, local.dataDir))
    if (!shopId) return { failure: 'there is no shop yet: run fanshelf seed (or npm start) first.' }
    const currency = await shopCurrency(services, shopId)
    if (currency === undefined) {
      return { failure: `shop ${shopId} does not exist (see fanshelf demo-credentials).` }
    }
    const since = new Date(services.clock.now()).toISOString()
    let result: ActionResult
    try {
      result = await triggerActions[request.type].run({
        services,
        shopId,
        currency,
        publicUrl: local.publicUrl,
        appId: request.appId,
      })
    } catch (error) {
      const refusal = refusalOf(error)
      if (refusal === undefined) throw error
      return { failure: refusal }
    }
    const events = await services.webhookEvents.listRecordedEvents(shopId, since)
    return { report: { type: request.type, shopId, ...result, events } }
  })
}

/** The report as text: what was done, then each event recorded with its deliveries. */
export function formatReport(report: TriggerReport): string {
  const width = Math.max(...report.events.map((event) => event.type.length))
  const lines = [`${report.type} in shop ${report.shopId}`, `  ${report.summary}`, 'Events recorded:']
  for (const event of report.events) {
    const deliveries =
      event.deliveryIds.length === 0
        ? 'no delivery (no enabled webhook configuration subscribes to it)'
        : `${event.deliveryIds.length} ${event.deliveryIds.length === 1 ? 'delivery' : 'deliveries'}: ${event.deliveryIds.join(' ')}`
    lines.push(`  ${event.id}  ${event.type.padEnd(width)}  → ${deliveries}`)
  }
  lines.push('The running server’s worker sends the deliveries; fanshelf listen shows them as they arrive.', '')
  return lines.join('\n')
}
