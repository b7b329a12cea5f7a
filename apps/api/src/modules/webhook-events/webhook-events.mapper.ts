import type { WebhookAttemptsTable } from '../../db/schema.js'
import type { WebhookEventRow } from './webhook-events.repository.js'

type AttemptRow = Pick<
  WebhookAttemptsTable,
  'attempted_at' | 'status_code' | 'latency_ms' | 'error_class' | 'response_excerpt'
>

/** The `apiVersion` of the envelope stored as the delivery's body (the exact bytes sent). */
function envelopeApiVersion(body: string): string {
  return (JSON.parse(body) as { apiVersion: string }).apiVersion
}

/**
 * Contract schema `WebhookEventSummary`: an event of the delivery log without its attempts.
 * `error` is the delivery's last error, omitted (never null, as the real platform) when there is none.
 */
export function toWebhookEventSummaryResource(row: WebhookEventRow) {
  return {
    id: row.id,
    webhookId: row.configuration_id,
    type: row.type,
    apiVersion: envelopeApiVersion(row.body),
    testMode: Number(row.test_mode) === 1,
    url: row.url,
    state: row.state,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    nextAttemptAt: row.state === 'DELIVERED' || row.state === 'FAILED' ? null : row.next_attempt_at,
    attemptCount: Number(row.attempt_count),
    ...(row.last_error === null ? {} : { error: row.last_error }),
    body: row.body,
  }
}

/** Contract schema `WebhookDeliveryAttempt`. */
export function toWebhookAttemptResource(row: AttemptRow) {
  return {
    attemptedAt: row.attempted_at,
    statusCode: row.status_code === null ? null : Number(row.status_code),
    latencyMs: Number(row.latency_ms),
    errorClass: row.error_class,
    responseExcerpt: row.response_excerpt,
  }
}

/** Contract schema `WebhookEvent`: the event with every attempt, oldest first. */
export function toWebhookEventResource(row: WebhookEventRow, attempts: AttemptRow[]) {
  return { ...toWebhookEventSummaryResource(row), attempts: attempts.map(toWebhookAttemptResource) }
}
