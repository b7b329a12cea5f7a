import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import type { Io } from '../../command.js'
import { envelopeOf, forwardedHeaders, readBody } from './forward.js'
import {
  type ListenedDelivery,
  type ListenOptions,
  type ListenSession,
  type ListenStop,
  stopReason,
} from './listen-options.js'
import { callApi, fetchFailure, listenerPath, removeConfiguration, webhooksPath } from './server-api.js'
import { watchConfiguration } from './watch.js'

/** The platform waits 5 s for an answer; the forward must finish before that. */
const defaultForwardTimeoutMs = 4_500

/** How often `listen` checks that its configuration still exists on the server. */
const defaultCheckIntervalMs = 15_000

const clockTime = () => new Date().toISOString().slice(11, 23)

/**
 * Runs `fanshelf listen` until `signal` aborts: starts a listener on 127.0.0.1 (a random port),
 * registers a webhook configuration for it through the open API (`POST /webhooks`), prints each
 * delivery attempt and forwards it — same body, same headers — to `options.forwardTo`, answering
 * the platform with the target's status (so a failing target shows the platform's retries). On
 * abort it deletes the configuration and closes the listener, then resolves.
 *
 * It checks its configuration every `checkIntervalMs`: when the server no longer has it (deleted,
 * the database reset) or refuses the credentials, it stops by itself. A server that cannot be
 * reached is reported on stderr but not a reason to stop (a restarting `npm start` comes back with
 * the configuration). Why it stops — `signal`'s reason ({@link ListenStop}) or its own — is
 * written to stderr.
 *
 * @example
 * const stop = new AbortController()
 * await listenForWebhooks(
 *   { forwardTo: 'http://127.0.0.1:3000/webhooks', server: 'https://api.fanshelf.dev',
 *     credentials: { username, password }, events: ['ORDER_PLACED'] },
 *   { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
 *   stop.signal,
 * )
 */
export async function listenForWebhooks(options: ListenOptions, io: Io, signal: AbortSignal): Promise<void> {
  const attempts = new Map<string, number>()
  const forwardTimeoutMs = options.forwardTimeoutMs ?? defaultForwardTimeoutMs
  const checkIntervalMs = options.checkIntervalMs ?? defaultCheckIntervalMs
  const ownStop = new AbortController()
  const stopped = AbortSignal.any([signal, ownStop.signal])
  const print = (text: string, json: object) => io.out(options.json ? `${JSON.stringify(json)}\n` : `${text}\n`)

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = await readBody(request)
    if (request.method !== 'POST') {
      response.writeHead(405, { allow: 'POST' }).end()
      return
    }
    const { type, id } = envelopeOf(body, request)
    const attempt = (attempts.get(id) ?? 0) + 1
    attempts.set(id, attempt)
    if (!options.json) io.out(`${clockTime()}  ${type}  ${id}  attempt ${attempt}\n`)
    const started = performance.now()
    let delivery: ListenedDelivery
    let answer: { status: number; text: string }
    try {
      const forwarded = await fetch(options.forwardTo, {
        method: 'POST',
        headers: forwardedHeaders(request),
        body: new Uint8Array(body),
        redirect: 'manual',
        signal: AbortSignal.any([stopped, AbortSignal.timeout(forwardTimeoutMs)]),
      })
      const text = await forwarded.text()
      answer = { status: forwarded.status, text: text.slice(0, 4096) }
      delivery = { type, id, attempt, status: forwarded.status, error: null, latencyMs: 0 }
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      const reason = timedOut ? `no answer within ${forwardTimeoutMs} ms` : fetchFailure(error)
      answer = { status: timedOut ? 504 : 502, text: `fanshelf listen could not forward: ${reason}` }
      delivery = { type, id, attempt, status: null, error: reason, latencyMs: 0 }
    }
    delivery.latencyMs = Math.round(performance.now() - started)
    print(
      delivery.error === null
        ? `  ${id} → ${options.forwardTo} answered ${delivery.status} (${delivery.latencyMs} ms)` +
            (delivery.status !== null && (delivery.status < 200 || delivery.status > 299)
              ? ': the platform will retry'
              : '')
        : `  ${id} → ${options.forwardTo} failed: ${delivery.error}; answered ${answer.status}, the platform will retry`,
      { event: 'delivery', ...delivery },
    )
    response.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.text)
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      io.err(`fanshelf listen: ${(error as Error).message}\n`)
      if (!response.headersSent) response.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })

  const listenerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${listenerPath}`
  let created: { id: string; secret: string; allowedTypes: string[] }
  try {
    created = (await callApi(options, 'POST', webhooksPath, { url: listenerUrl, allowedTypes: [...options.events] }))
      .body as typeof created
  } catch (error) {
    await closeServer()
    throw error
  }
  try {
    const session: ListenSession = {
      configurationId: created.id,
      listenerUrl,
      secret: created.secret,
      allowedTypes: created.allowedTypes,
    }
    print(
      [
        `Listening with webhook configuration ${created.id} → ${listenerUrl}`,
        `  events      ${created.allowedTypes.join(', ')}`,
        `  forward to  ${options.forwardTo}`,
        `  secret      ${created.secret}   (verify X-Fourthwall-Hmac-SHA256 and webhook-signature with it)`,
        'Ready: trigger events with fanshelf trigger <EVENT_TYPE>. Ctrl+C stops and removes the configuration.',
      ].join('\n'),
      { event: 'ready', ...session },
    )
    options.onReady?.(session)
    const watch = watchConfiguration(options, created.id, checkIntervalMs, io, ownStop, stopped)
    if (!stopped.aborted) {
      await new Promise<void>((resolve) => stopped.addEventListener('abort', () => resolve(), { once: true }))
    }
    watch.cancel()
  } finally {
    const gone = ownStop.signal.aborted && (ownStop.signal.reason as ListenStop | undefined)?.cause === 'gone'
    if (stopped.aborted) io.err(`fanshelf listen: stopping: ${stopReason(stopped)}.\n`)
    try {
      if (!gone) await removeConfiguration(options, created.id, io, print)
    } finally {
      await closeServer()
    }
  }
}
