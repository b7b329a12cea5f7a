import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { performance } from 'node:perf_hooks'
import {
  loadConfig,
  readDemoCredentials,
  runningServerOrigin,
  type WebhookEventType,
  webhookEventTypes,
} from '@fanshelf/api'
import type { Io } from '../command.js'
import { type Command, parseOptions, UsageError } from '../command.js'

/** Where `listen` registers its configuration (the open API's webhook configurations). */
const webhooksPath = '/open-api/v1.0/webhooks'

/** The path of `listen`'s local listener: how `trigger` recognises listen's configurations. */
export const listenerPath = '/fanshelf-listen'

/** The platform waits 5 s for an answer; the forward must finish before that. */
const defaultForwardTimeoutMs = 4_500

/** How often `listen` checks that its configuration still exists on the server. */
const defaultCheckIntervalMs = 15_000

/** Headers that describe one hop, not the delivery: never forwarded. */
const hopByHopHeaders = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
])

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

class ApiError extends Error {}

/** Why `listen` stops, given as the abort reason of its signal; printed on stderr. */
export class ListenStop extends Error {
  override name = 'ListenStop'
}

/** The reason a signal was aborted with, as a sentence. */
function stopReason(signal: AbortSignal): string {
  return signal.reason instanceof ListenStop ? signal.reason.message : 'stopped by its caller'
}

/** Why a fetch failed, as a developer reads it (`ECONNREFUSED`, `bad port`, …). */
function fetchFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

function basicAuth(credentials: ListenOptions['credentials']): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
}

async function callApi(
  options: ListenOptions,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, options.server)
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: {
        authorization: basicAuth(options.credentials),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    throw new ApiError(
      `Cannot reach the Fanshelf server at ${options.server} (${fetchFailure(error)}). Is it running (npm start)?`,
    )
  }
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {}
  if (!response.ok) {
    const { code, message } = (parsed ?? {}) as { code?: string; message?: string }
    throw new ApiError(
      `${method} ${url.pathname} answered ${response.status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`,
    )
  }
  return { status: response.status, body: parsed }
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })
}

function forwardedHeaders(request: http.IncomingMessage): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || hopByHopHeaders.has(name)) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  return headers
}

function envelopeOf(body: Buffer, request: http.IncomingMessage): { type: string; id: string } {
  const header = request.headers['webhook-id']
  try {
    const envelope = JSON.parse(body.toString('utf8')) as { type?: unknown; id?: unknown }
    return {
      type: typeof envelope.type === 'string' ? envelope.type : '(no type)',
      id: typeof envelope.id === 'string' ? envelope.id : String(header ?? '(no id)'),
    }
  } catch {
    return { type: '(not JSON)', id: String(header ?? '(no id)') }
  }
}

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

/** Deletes listen's configuration; a server that cannot do it is reported, not thrown. */
async function removeConfiguration(
  options: ListenOptions,
  configurationId: string,
  io: Io,
  print: (text: string, json: object) => void,
): Promise<void> {
  try {
    await callApi(options, 'DELETE', `${webhooksPath}/${encodeURIComponent(configurationId)}`)
    print(`Removed webhook configuration ${configurationId}.`, { event: 'removed', configurationId })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    io.err(
      `fanshelf listen: could not remove webhook configuration ${configurationId}: ${error.message}. ` +
        'Its deliveries fail until it is deleted (DELETE /open-api/v1.0/webhooks/{id}, or the admin).\n',
    )
  }
}

/**
 * Checks `configurationId` on the server every `intervalMs` until `stopped`: aborts `stop` when the
 * server says it is gone (404) or refuses the credentials (401/403); reports once on stderr when
 * the server cannot be reached, and again when it is back.
 */
function watchConfiguration(
  options: ListenOptions,
  configurationId: string,
  intervalMs: number,
  io: Io,
  stop: AbortController,
  stopped: AbortSignal,
): { cancel(): void } {
  let timer: NodeJS.Timeout | undefined
  let unreachable = false
  const url = new URL(`${webhooksPath}/${encodeURIComponent(configurationId)}`, options.server)
  async function check() {
    let status: number
    try {
      const response = await fetch(url, {
        headers: { authorization: basicAuth(options.credentials) },
        signal: AbortSignal.any([stopped, AbortSignal.timeout(Math.max(intervalMs, 5_000))]),
      })
      await response.body?.cancel()
      status = response.status
    } catch (error) {
      if (stopped.aborted) return
      if (!unreachable) {
        io.err(
          `fanshelf listen: cannot reach the Fanshelf server at ${options.server} (${fetchFailure(error)}); ` +
            'still listening: deliveries resume when it is back.\n',
        )
      }
      unreachable = true
      return
    }
    if (unreachable) io.err(`fanshelf listen: the Fanshelf server at ${options.server} is back.\n`)
    unreachable = false
    if (status === 404) {
      stop.abort(
        new ListenStop(
          `webhook configuration ${configurationId} no longer exists on ${options.server} (deleted, or the database was reset)`,
          { cause: 'gone' },
        ),
      )
    } else if (status === 401 || status === 403) {
      stop.abort(new ListenStop(`${options.server} no longer accepts the API user's credentials (${status})`))
    }
  }
  const schedule = () => {
    timer = setTimeout(() => {
      void check().finally(() => {
        if (!stopped.aborted) schedule()
      })
    }, intervalMs)
  }
  schedule()
  return { cancel: () => clearTimeout(timer) }
}

function parseEvents(list: string | undefined): WebhookEventType[] {
  if (list === undefined) return [...webhookEventTypes]
  const requested = list
    .split(',')
    .map((type) => type.trim().toUpperCase())
    .filter((type) => type !== '')
  if (requested.length === 0) throw new UsageError('--events lists no event type')
  const unknown = requested.filter((type) => !(webhookEventTypes as readonly string[]).includes(type))
  if (unknown.length > 0) {
    throw new UsageError(`unknown event type ${unknown.join(', ')}; the types are ${webhookEventTypes.join(', ')}`)
  }
  return [...new Set(requested)] as WebhookEventType[]
}

function parseHttpUrl(value: string, option: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new UsageError(`${option} must be an absolute http(s) URL (got "${value}")`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${option} must be an http(s) URL (got "${value}")`)
  }
  return url.toString()
}

/**
 * Stops `listen` on SIGINT or SIGTERM, and on Ctrl+D when stdin is a terminal; answers a function
 * that removes the hooks. Stdin that is not a terminal is left alone: started from a script, with
 * `nohup` or `</dev/null`, stdin is closed or empty from the start and `listen` keeps running.
 * SIGHUP keeps its default (under `nohup` it is ignored, which a handler would undo).
 */
function stopOnExit(controller: AbortController): () => void {
  const onSignal = (name: NodeJS.Signals) => controller.abort(new ListenStop(`received ${name}`))
  const onEnd = () => controller.abort(new ListenStop('end of input (Ctrl+D)'))
  const watchStdin = process.stdin.isTTY === true
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  if (watchStdin) {
    process.stdin.once('end', onEnd)
    process.stdin.resume()
  }
  return () => {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    if (watchStdin) {
      process.stdin.off('end', onEnd)
      process.stdin.pause()
    }
  }
}

export const listenCommand: Command = {
  name: 'listen',
  summary: 'Receive the shop’s webhook deliveries locally and forward them to a URL',
  usage: [
    'Usage: fanshelf listen --forward-to <url> [--events A,B,…] [--server <url>] [--shop <shopId>]',
    '                       [--username <user> --password <password>] [--json]',
    '',
    'Registers a temporary webhook configuration on the running server (POST /open-api/v1.0/webhooks)',
    'that delivers to a listener this command starts on 127.0.0.1, prints each delivery as it arrives',
    '(type, id, attempt) and forwards it — same body, same signature headers — to --forward-to. The',
    'platform gets the target’s status as its answer, so a failing target shows the retries. Prints',
    'the shop’s signing secret to verify signatures with. Ctrl+C or SIGTERM (or Ctrl+D in a terminal)',
    'stops it and removes the configuration; it stops by itself when the server no longer has the',
    'configuration, and says why on stderr. Without a terminal (a script, nohup, </dev/null) it keeps',
    'running. Trigger events with fanshelf trigger <EVENT_TYPE>.',
    '',
    '  --forward-to <url>       where to forward each delivery (e.g. http://127.0.0.1:3000/webhooks)',
    '  --events <A,B,…>         event types to subscribe to (default: all)',
    '  --server <url>           the Fanshelf server (default: the one running on DATA_DIR, else',
    '                           PUBLIC_URL or http://HOST:PORT)',
    '  --shop <id>              the demo shop whose API user to use (default: the first)',
    '  --username, --password   an API user of the shop (default: DATA_DIR/demo-credentials.json)',
    '  --json                   one JSON object per line: {event: ready|delivery|removed, …}',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      server: { type: 'string' },
      shop: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      json: { type: 'boolean', default: false },
    })
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`)
    if (!values['forward-to']) throw new UsageError('--forward-to is required')
    const forwardTo = parseHttpUrl(values['forward-to'], '--forward-to')
    const events = parseEvents(values.events)
    if ((values.username === undefined) !== (values.password === undefined)) {
      throw new UsageError('--username and --password go together')
    }
    const config = loadConfig()
    const server = parseHttpUrl(values.server ?? runningServerOrigin(config), '--server')
    let credentials =
      values.username && values.password ? { username: values.username, password: values.password } : undefined
    if (!credentials) {
      const shops = readDemoCredentials(config.dataDir)?.shops ?? []
      const shop = values.shop ? shops.find((s) => s.id === values.shop) : shops[0]
      if (!shop) {
        io.err(
          values.shop
            ? `fanshelf listen: no demo credentials for shop ${values.shop} in ${config.dataDir}; pass --username and --password.\n`
            : `fanshelf listen: no demo credentials in ${config.dataDir}: start Fanshelf once (npm start) or pass --username and --password.\n`,
        )
        return 1
      }
      credentials = shop.apiUser
    }
    const controller = new AbortController()
    const release = stopOnExit(controller)
    try {
      await listenForWebhooks({ forwardTo, server, credentials, events, json: values.json }, io, controller.signal)
    } catch (error) {
      if (error instanceof ApiError) {
        io.err(`fanshelf listen: ${error.message}\n`)
        return 1
      }
      throw error
    } finally {
      release()
    }
    return 0
  },
}
