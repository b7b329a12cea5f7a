import { type WebhookEventType, webhookEventTypes } from '@fanshelf/api'
import { appActions } from './app-actions.js'
import { commerceActions } from './commerce-actions.js'
import type { TriggerAction } from './context.js'
import { supporterActions } from './supporter-actions.js'

/**
 * What `trigger` does for each event type: the real action through the domain services, which
 * record the event in the transaction of the change (so it is as genuine as one from the API).
 * The compiler checks that every event type has exactly one action.
 */
export const triggerActions: Record<WebhookEventType, TriggerAction> = {
  ...commerceActions,
  ...supporterActions,
  ...appActions,
}

export function isEventType(value: string): value is WebhookEventType {
  return (webhookEventTypes as readonly string[]).includes(value)
}
