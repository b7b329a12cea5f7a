import type { WebhookEventType } from '@fanshelf/api'

export interface ListenOptions {
  /** Where each delivery is forwarded (same body, same signature headers). */
  forwardTo: string
  /** Base URL of the running Fanshelf server, e.g. https://api.fanshelf.dev. */
  server: string
  /** An API user of the shop (HTTP Basic). */
  credentials: { username: string; password: string }
  /** The event types to subscribe to. */
  events: readonly WebhookEventType[]
  /** One JSON object per line instead of text. */
  json?: boolean
  /** Called once the configuration is registered and deliveries can arrive. */
  onReady?: (session: ListenSession) => void
  forwardTimeoutMs?: number
  /** How often the configuration is checked on the server (it stops when it is gone). */
  checkIntervalMs?: number
}

export interface ListenSession {
  configurationId: string
  /** The local listener the platform delivers to. */
  listenerUrl: string
  /** The shop's webhook signing secret: verify the forwarded deliveries with it. */
  secret: string
  allowedTypes: string[]
}

/** One delivery attempt as `listen` saw it. */
export interface ListenedDelivery {
  type: string
  /** The envelope id (`weve_…`), stable across retries: the `webhook-id` header. */
  id: string
  /** Attempts of this delivery seen by this listener, this one included. */
  attempt: number
  /** The forward target's status, answered to the platform; null when it could not be reached. */
  status: number | null
  error: string | null
  latencyMs: number
}

/** Why `listen` stops, given as the abort reason of its signal; printed on stderr. */
export class ListenStop extends Error {
  override name = 'ListenStop'
}

/** The reason a signal was aborted with, as a sentence. */
export function stopReason(signal: AbortSignal): string {
  return signal.reason instanceof ListenStop ? signal.reason.message : 'stopped by its caller'
}
