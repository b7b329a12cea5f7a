import type { Res } from '@fanshelf/contract'
import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import { cursorPageRequest, type Page } from '../paging/paging.js'
import { webhookOwnerOf } from '../webhook-configurations/webhook-configurations.service.js'
import type { toWebhookEventResource, toWebhookEventSummaryResource } from './webhook-events.mapper.js'
import { type WebhookEventService, webhookEventsPageSize } from './webhook-events.service.js'

/*
 * The mapper's events as the contract's. The stored event `type` and an attempt's `error_class` are
 * plain strings (the tables do not narrow them to `WebhookEventType` and the five error classes), so
 * these are assertions, not proofs: TypeScript still rejects them when a required field is renamed or
 * removed, or a field's type stops overlapping.
 */
function wireEvent(event: ReturnType<typeof toWebhookEventResource>): Res<'getWebhookEvent'> {
  return event as Res<'getWebhookEvent'>
}

function wireEventPage(
  page: Page<ReturnType<typeof toWebhookEventSummaryResource>> & { hasMore: boolean },
): Res<'listWebhookEvents'> {
  return page as Res<'listWebhookEvents'>
}

export function webhookEventHandlers(
  events: WebhookEventService,
): Handlers<'listWebhookEvents' | 'getWebhookEvent' | 'replayWebhookEvent' | 'sendWebhookTestEvent', ShopPrincipal> {
  return {
    listWebhookEvents: async ({ auth, query }) =>
      wireEventPage(
        await events.listEvents(
          webhookOwnerOf(auth),
          { type: query.type, configurationId: query.webhookConfigurationId },
          cursorPageRequest(query, webhookEventsPageSize),
        ),
      ),
    getWebhookEvent: async ({ auth, params }) =>
      wireEvent(await events.getEvent(webhookOwnerOf(auth), params.webhookEventId)),
    replayWebhookEvent: async ({ auth, params }) =>
      wireEvent(await events.replayEvent(webhookOwnerOf(auth), params.webhookEventId)),
    sendWebhookTestEvent: async ({ auth, params, body }) =>
      wireEvent(await events.sendTestEvent(webhookOwnerOf(auth), params.webhookConfigurationId, body.type)),
  }
}
