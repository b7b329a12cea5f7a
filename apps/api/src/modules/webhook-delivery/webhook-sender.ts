import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Clock } from '../../clock.js'
import {
  connectTimeoutMs,
  loggedResponseBytes,
  maxResponseBytes,
  responseTimeoutMs,
} from '../webhooks/delivery-policy.js'
import { parseRetryAfterMs, retryAfterStatuses } from './delivery-schedule.js'
import {
  BlockedAddressError,
  classifyAddress,
  guardedLookup,
  hostOf,
  isAddressAllowed,
  type Resolver,
  type WebhookUrlRules,
} from './webhook-url-guard.js'

/**
 * One HTTP attempt of a delivery, over node:http/https: POST the exact body, no redirects followed,
 * connect within 2 s, a complete answer within 5 s, at most 64 KiB of answer read (the first 4 KiB
 * kept), every address checked by the SSRF guard before a socket connects. Timers run on the
 * injected clock. Connections are kept alive and reused per origin.
 */

/** The contract's `WebhookDeliveryAttempt.errorClass`. */
export type AttemptErrorClass = 'TIMEOUT' | 'CONNECTION_ERROR' | 'HTTP_STATUS' | 'REDIRECT' | 'BLOCKED_ADDRESS'

export interface AttemptResult {
  delivered: boolean
  statusCode: number | null
  latencyMs: number
  errorClass: AttemptErrorClass | null
  /** Why it failed, for the delivery's last_error; null on success. */
  error: string | null
  responseExcerpt: string | null
  /** The receiver's Retry-After (429/503), capped at 1 h. */
  retryAfterMs: number | undefined
  /** Abandoned because the worker is stopping: no attempt to record. */
  aborted: boolean
}

export interface OutgoingDelivery {
  url: string
  body: string
  /** Signature headers. */
  headers: Record<string, string>
}

export interface WebhookSender {
  send(delivery: OutgoingDelivery): Promise<AttemptResult>
  /** Abandons every attempt in flight (they answer `aborted`): the worker is stopping. */
  abortAll(): void
  close(): void
}

export const userAgent = 'Fanshelf-Webhooks/1.0'

/** Abort reason of timers cancelled because the attempt ended (shared: cancelling must be cheap). */
const settledReason = new Error('attempt settled')

interface Partial {
  delivered?: boolean
  statusCode?: number | null
  errorClass?: AttemptErrorClass | null
  error?: string | null
  responseExcerpt?: string | null
  retryAfterMs?: number | undefined
  aborted?: boolean
  /** A kept-alive socket was closed under us before any answer: try once on a new socket. */
  retryOnNewSocket?: boolean
}

/** Text safe to store in either database (PostgreSQL text refuses NUL). */
function excerptText(chunks: Buffer[]): string | null {
  if (chunks.length === 0) return null
  const text = Buffer.concat(chunks).subarray(0, loggedResponseBytes).toString('utf8').replaceAll('\u0000', '\uFFFD')
  return text.length > loggedResponseBytes ? text.slice(0, loggedResponseBytes) : text
}

export function createWebhookSender(deps: {
  clock: Clock
  rules: WebhookUrlRules
  resolve?: Resolver
  /** Sockets per origin; the worker bounds requests per endpoint itself. */
  maxSockets?: number
}): WebhookSender {
  const { clock, rules } = deps
  const lookup = guardedLookup(rules, deps.resolve)
  const agentOptions = {
    keepAlive: true,
    maxSockets: deps.maxSockets ?? 64,
    maxFreeSockets: 16,
    scheduling: 'fifo' as const,
  }
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) }
  /** Aborts of the attempts in flight. Bound: the attempts running now (each removes its own). */
  const running = new Set<() => void>()
  /**
   * Verdicts on hosts, by host string (the rules never change for a sender): names pass here.
   * Bound: at most 10,001 hosts, then it starts afresh.
   */
  const verdicts = new Map<string, boolean>()
  const literalAllowed = (host: string): boolean => {
    let allowed = verdicts.get(host)
    if (allowed === undefined) {
      allowed = !net.isIP(host) || isAddressAllowed(host, rules)
      if (verdicts.size > 10_000) verdicts.clear()
      verdicts.set(host, allowed)
    }
    return allowed
  }

  function attempt(url: URL, delivery: OutgoingDelivery, started: number, newSocket: boolean): Promise<Partial> {
    return new Promise((resolve) => {
      const isHttps = url.protocol === 'https:'
      const timer = new AbortController()
      let connectTimer: AbortController | undefined
      let settled = false
      let statusCode: number | null = null
      const finish = (partial: Partial) => {
        if (settled) return
        settled = true
        timer.abort(settledReason)
        connectTimer?.abort(settledReason)
        running.delete(abort)
        resolve({ statusCode, ...partial })
      }
      const request = (isHttps ? https : http).request(url, {
        method: 'POST',
        agent: newSocket ? false : isHttps ? agents.https : agents.http,
        lookup,
        headers: {
          ...delivery.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(delivery.body),
          'user-agent': userAgent,
        },
      })
      const abort = () => {
        request.destroy()
        finish({ aborted: true, error: 'The worker stopped during the attempt.' })
      }
      running.add(abort)

      const remaining = Math.max(0, responseTimeoutMs - (performance.now() - started))
      clock.sleep(remaining, timer.signal).then(
        () => {
          request.destroy()
          finish({ errorClass: 'TIMEOUT', error: `No complete answer within ${responseTimeoutMs} ms.` })
        },
        () => {},
      )
      request.on('socket', (socket) => {
        if (!socket.connecting) return
        const connecting = new AbortController()
        connectTimer = connecting
        clock.sleep(connectTimeoutMs, connecting.signal).then(
          () => {
            request.destroy()
            finish({ errorClass: 'CONNECTION_ERROR', error: `Could not connect within ${connectTimeoutMs} ms.` })
          },
          () => {},
        )
        socket.once(isHttps ? 'secureConnect' : 'connect', () => connecting.abort(settledReason))
      })
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof BlockedAddressError) {
          finish({ errorClass: 'BLOCKED_ADDRESS', error: error.message })
        } else if (!newSocket && statusCode === null && request.reusedSocket && error.code === 'ECONNRESET') {
          finish({ retryOnNewSocket: true })
        } else {
          finish({ errorClass: 'CONNECTION_ERROR', error: `${error.code ?? 'ERROR'}: ${error.message}` })
        }
      })
      request.on('response', (response) => {
        const status = response.statusCode ?? 0
        statusCode = status
        const kept: Buffer[] = []
        let keptBytes = 0
        let received = 0
        // The status decides; a body longer than the read cap is cut there (tooLarge) and ignored.
        const outcome = (_tooLarge: boolean): Partial => {
          const retryAfterMs = retryAfterStatuses.has(status)
            ? parseRetryAfterMs(response.headers['retry-after'], clock.now())
            : undefined
          const responseExcerpt = excerptText(kept)
          if (status >= 200 && status < 300) return { delivered: true, errorClass: null, error: null, responseExcerpt }
          if (status >= 300 && status < 400) {
            return { errorClass: 'REDIRECT', error: `HTTP ${status} (redirects are not followed).`, responseExcerpt }
          }
          return { errorClass: 'HTTP_STATUS', error: `HTTP ${status}.`, responseExcerpt, retryAfterMs }
        }
        response.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (keptBytes < loggedResponseBytes) {
            const part = Buffer.from(chunk.subarray(0, loggedResponseBytes - keptBytes))
            kept.push(part)
            keptBytes += part.length
          }
          if (received > maxResponseBytes) {
            response.destroy()
            request.destroy()
            finish(outcome(true))
          }
        })
        response.on('end', () => finish(outcome(false)))
        response.on('error', (error: NodeJS.ErrnoException) =>
          finish({ errorClass: 'CONNECTION_ERROR', error: `${error.code ?? 'ERROR'}: ${error.message}` }),
        )
        response.on('close', () => {
          if (!response.complete) finish({ errorClass: 'CONNECTION_ERROR', error: 'The answer was cut short.' })
        })
      })
      request.end(delivery.body)
    })
  }

  return {
    async send(delivery) {
      const started = performance.now()
      const result = (partial: Partial): AttemptResult => ({
        delivered: partial.delivered ?? false,
        statusCode: partial.statusCode ?? null,
        latencyMs: Math.round(performance.now() - started),
        errorClass: partial.errorClass ?? null,
        error: partial.error ?? null,
        responseExcerpt: partial.responseExcerpt ?? null,
        retryAfterMs: partial.retryAfterMs,
        aborted: partial.aborted ?? false,
      })
      let url: URL
      try {
        url = new URL(delivery.url)
      } catch {
        return result({ errorClass: 'CONNECTION_ERROR', error: `Not a valid URL: ${delivery.url}` })
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return result({ errorClass: 'CONNECTION_ERROR', error: `Unsupported scheme ${url.protocol}` })
      }
      // An IP-literal host skips DNS (and so the guarded lookup): check it before connecting.
      const host = hostOf(url)
      if (!literalAllowed(host)) {
        return result({
          errorClass: 'BLOCKED_ADDRESS',
          error: new BlockedAddressError(host, host, classifyAddress(host)).message,
        })
      }
      let outcome = await attempt(url, delivery, started, false)
      if (outcome.retryOnNewSocket) outcome = await attempt(url, delivery, started, true)
      return result(outcome)
    },
    abortAll() {
      for (const abort of [...running]) abort()
    },
    close() {
      agents.http.destroy()
      agents.https.destroy()
    },
  }
}
