import type { Bool, Json } from './columns.js'

/** The event outbox, webhook configurations and the delivery log. */

export interface WebhookConfigurationsTable {
  id: string
  shop_id: string
  app_id: string | null
  url: string
  allowed_types: Json
  api_version: string
  enabled: Bool
  disabled_reason: string | null
  failing_since: string | null
  created_at: string
  updated_at: string
}

/** The outbox: one row per domain event, written in the transaction of the change. */
export interface EventsTable {
  id: string
  shop_id: string
  type: string
  data: Json
  test_mode: Bool
  created_at: string
  /** Set once the event has been fanned out into webhook_events. */
  dispatched_at: string | null
}

/** One delivery of one event to one webhook configuration (the delivery log's `WebhookEvent`). */
export interface WebhookEventsTable {
  /** `weve_…`: the envelope `id`, stable across retries and replays (the receiver's dedupe key). */
  id: string
  shop_id: string
  configuration_id: string
  event_id: string
  type: string
  test_mode: Bool
  /** The exact JSON body sent on every attempt. */
  body: string
  state: 'PENDING' | 'RETRYING' | 'DELIVERED' | 'FAILED'
  attempt_count: number
  /** Attempts made before the latest replay: the retry schedule restarts from there. */
  schedule_base_attempt: number
  next_attempt_at: string | null
  lease_owner: string | null
  lease_until: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

export interface WebhookAttemptsTable {
  id: string
  webhook_event_id: string
  shop_id: string
  attempted_at: string
  status_code: number | null
  latency_ms: number
  error_class: string | null
  response_excerpt: string | null
}
