import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { WebhookEventType } from '../events/event-types.js'
import { pageRequest } from '../paging/paging.js'
import { webhookOwnerOf } from '../webhook-configurations/webhook-configurations.service.js'
import { type WebhookEventService, webhookEventsPageSize } from './webhook-events.service.js'

interface ListQuery {
  page?: number
  size?: number
  type?: WebhookEventType
  webhookConfigurationId?: string
}

type ListCtx = OperationContext<Record<string, never>, ListQuery, undefined, ShopPrincipal>
type EventCtx = OperationContext<{ webhookEventId: string }, Record<string, never>, undefined, ShopPrincipal>
type TestCtx = OperationContext<
  { webhookConfigurationId: string },
  Record<string, never>,
  { type: WebhookEventType },
  ShopPrincipal
>

export function webhookEventHandlers(events: WebhookEventService): HandlerTable {
  return {
    listWebhookEvents: ({ auth, query }: ListCtx) =>
      events.listEvents(
        webhookOwnerOf(auth),
        { type: query.type, configurationId: query.webhookConfigurationId },
        pageRequest(query, webhookEventsPageSize),
      ),
    getWebhookEvent: ({ auth, params }: EventCtx) => events.getEvent(webhookOwnerOf(auth), params.webhookEventId),
    replayWebhookEvent: ({ auth, params }: EventCtx) => events.replayEvent(webhookOwnerOf(auth), params.webhookEventId),
    sendWebhookTestEvent: ({ auth, params, body }: TestCtx) =>
      events.sendTestEvent(webhookOwnerOf(auth), params.webhookConfigurationId, body.type),
  }
}
