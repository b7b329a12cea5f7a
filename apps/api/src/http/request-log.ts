import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify'

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>

import type { Config } from '../config.js'

/**
 * The API's logger settings (decisions 0013, 0031). Every entry about a request carries its
 * `requestId` — the id the `Request-Id` response header and a 5xx body quote — and no entry holds a
 * credential: URLs are logged with credential-bearing query parameters masked, and any object a
 * handler logs is stripped of credential headers and secret body fields by pino's redaction.
 *
 * Two formats (`LOG_FORMAT`): `text`, the default, writes one readable line per entry and logs a
 * request only when it is answered 4xx (warn) or 5xx (error) — a newcomer's terminal shows what went
 * wrong and nothing else; `json` writes pino's JSON lines, with Fastify's `incoming request` and
 * `request completed` entries for every request, for operators and log shippers.
 */

/** Logged in place of a secret. */
export const redactedValue = '[REDACTED]'

/** Query parameters that carry a credential (the storefront token, OAuth material). */
export const secretQueryParameters: readonly string[] = [
  'storefront_token',
  'access_token',
  'refresh_token',
  'client_secret',
  'code',
  'code_verifier',
  'token',
  'password',
]

/** Fields that carry a credential, wherever a logged object holds them (top level or one level down). */
const secretFields = [
  'password',
  'currentPassword',
  'newPassword',
  'client_secret',
  'clientSecret',
  'refresh_token',
  'refreshToken',
  'access_token',
  'accessToken',
  'code_verifier',
  'csrf_token',
  'csrfToken',
  'storefront_token',
  'storefrontToken',
]

/** Names too common to censor everywhere (`err.code`), censored in logged request bodies only. */
const secretBodyFields = ['code', 'token', 'secret']

const secretHeaders = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-csrf-token']

/** pino redaction paths: credential headers of logged requests/responses and secret fields. */
export const redactPaths: readonly string[] = [
  ...secretHeaders.flatMap((name) =>
    ['req', 'res', 'request', 'response', 'reply'].map((holder) => `${holder}.headers["${name}"]`),
  ),
  ...secretHeaders.map((name) => `headers["${name}"]`),
  ...secretFields.flatMap((name) => [name, `*.${name}`, `*.body.${name}`]),
  ...secretBodyFields.flatMap((name) => [`body.${name}`, `*.body.${name}`]),
]

/** The URL with every credential-bearing query parameter's value replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?')
  if (question < 0) return url
  const query = url.slice(question + 1)
  const masked = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const rawName = equals < 0 ? pair : pair.slice(0, equals)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // A malformed escape: compare the raw name.
      }
      return secretQueryParameters.includes(name.toLowerCase()) ? `${rawName}=${redactedValue}` : pair
    })
    .join('&')
  return `${url.slice(0, question)}?${masked}`
}

const levelNames: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
}
/** Fields every entry has, or that the text line shows in its own place. */
const placedFields = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'requestId', 'err'])

/**
 * One pino JSON entry (or a worker's, whose level is a name and time an ISO string) as a text
 * line: `12:00:00.000 WARN  GET /open-api/v1.0/orders → 401 (2 ms)  req_…`, other fields as
 * `key=value`, an error's stack indented below. A line that is not JSON is passed through.
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>
  try {
    entry = JSON.parse(line) as Record<string, unknown>
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`
  }
  const time = new Date(typeof entry.time === 'number' || typeof entry.time === 'string' ? entry.time : Date.now())
  const level =
    typeof entry.level === 'number'
      ? (levelNames[entry.level] ?? String(entry.level))
      : String(entry.level).toUpperCase()
  const fields = Object.entries(entry)
    .filter(([key, value]) => !placedFields.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  const parts = [
    Number.isNaN(time.getTime()) ? '' : time.toISOString().slice(11, 23),
    level.padEnd(5),
    String(entry.msg ?? ''),
    ...fields,
    ...(typeof entry.requestId === 'string' ? [entry.requestId] : []),
  ].filter((part) => part !== '')
  const err = entry.err as { message?: string; stack?: string } | undefined
  const detail = err ? `\n    ${(err.stack ?? err.message ?? JSON.stringify(err)).split('\n').join('\n    ')}` : ''
  return `${parts.join('  ')}${detail}\n`
}

/** A destination that writes each JSON entry pino hands it as a text line to `target`. */
export function textLogStream(target: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      target.write(formatLogLine(line))
    },
  }
}

/**
 * In the text format, Fastify's own request entries are off (`disableRequestLogging`) and this
 * logs the requests worth a newcomer's attention: one entry per 4xx (warn) or 5xx (error) answer,
 * naming the method, the URL (secrets masked), the status and the time taken. 2xx and 3xx answers
 * (redirects, `304 Not Modified`) are the normal browsing of the docs and are not logged.
 */
export function installTextRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode
    if (status >= 400) {
      const line = `${request.method} ${redactUrl(request.url)} → ${status} (${Math.round(reply.elapsedTime)} ms)`
      if (status >= 500) request.log.error(line)
      else request.log.warn(line)
    }
    done()
  })
}

/**
 * Fastify logger options for `config`; `stream` replaces stdout (tests capture the lines). In the
 * text format the entries pass through {@link textLogStream} on their way out.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  const destination = stream ?? process.stdout
  return {
    level: config.logLevel,
    redact: { paths: [...redactPaths], censor: redactedValue },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }
      },
    },
    ...(config.logFormat === 'text' ? { stream: textLogStream(destination) } : stream ? { stream } : {}),
  }
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

/**
 * A request's logger until it first logs: one small object whose methods live on the prototype
 * (a per-request object of closures cost ~2% of a cheap request's CPU on its own).
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  #made(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options)
    return this.#child
  }

  #log(method: LogMethod, args: unknown[]): void {
    const parent = this.parent as { isLevelEnabled?: (level: string) => boolean }
    if (this.#child === undefined && parent.isLevelEnabled?.(method) === false) return
    ;(this.#made()[method] as (...a: unknown[]) => void)(...args)
  }

  get level(): string {
    return (this.#child ?? this.parent).level
  }
  set level(level: string) {
    this.#made().level = level
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options)
  }
  fatal(...args: unknown[]): void {
    this.#log('fatal', args)
  }
  error(...args: unknown[]): void {
    this.#log('error', args)
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args)
  }
  info(...args: unknown[]): void {
    this.#log('info', args)
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args)
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args)
  }
}

/**
 * Fastify's `childLoggerFactory`: each request's logger (its `requestId` binding) is made the first
 * time the request logs something at an enabled level, not for every request. Building a pino child
 * (its bindings serialized, the redaction applied to them) was ~5% of a cheap request's CPU in the
 * api bench's profiles, and with `LOG_FORMAT=text` a request answered 2xx logs nothing. A route with
 * its own level or serializers gets its child at once, as before.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options)
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger
}
