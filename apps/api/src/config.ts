import path from 'node:path'
import { basicAuthDefaults } from './modules/auth-throttle/auth-throttle-policy.js'
import { rateLimitDefaults } from './modules/rate-limit/rate-limit-policy.js'

/** Where `npm start` listens unless `HOST`/`PORT` say otherwise. */
export const defaultHost = '127.0.0.1'
export const defaultPort = 4000

/**
 * The origin the docs site is built with wherever a page means "your server" (decision 0032): the
 * server replaces it with its own public URL in every text document it serves from the build and in
 * the served contracts.
 */
export const docsBuildOrigin = `http://${defaultHost}:${defaultPort}`

/**
 * The server's configuration, parsed once from the environment, validated and frozen.
 * This module is the only reader of `process.env` in the API.
 */
export interface Config {
  readonly host: string
  readonly port: number
  /** Directory for the SQLite file, generated keys and demo credentials. */
  readonly dataDir: string
  /** `sqlite:<file>` (default, under dataDir) or `postgres://…`. */
  readonly databaseUrl: string
  readonly redisUrl: string | undefined
  /** Public base URL of this deployment (links in webhooks, redeem URIs, checkout). */
  readonly publicUrl: string
  /**
   * Origins of browser-based MCP clients (`MCP_ALLOWED_ORIGINS`, comma-separated) that `/mcp` and the
   * OAuth endpoints answer with CORS; other foreign origins are refused by `/mcp` (decision 0051).
   */
  readonly mcpAllowedOrigins: readonly string[]
  readonly rateLimit: {
    readonly limit: number
    readonly windowMs: number
    readonly maxWaitMs: number
    readonly maxQueued: number
  }
  /**
   * Failed HTTP Basic credentials (decision 0030): per API user, wrong passwords beyond the limit meet
   * 429 (the right one still passes); per client address, any credential beyond it meets 429.
   */
  readonly basicAuthFailures: {
    readonly failuresPerUser: number
    readonly failuresPerAddress: number
    readonly windowMs: number
    /** A throttled answer (here, at admin sign-in and at the token endpoint) is held this long first. */
    readonly throttledDelayMs: number
  }
  /**
   * Node HTTP server timeouts (decision 0013): slow clients can't hold a connection, while a
   * request delayed for a rate-limit slot (up to `rateLimit.maxWaitMs`) still completes.
   */
  readonly http: {
    /** The request line and headers must arrive within this (slowloris). */
    readonly headersTimeoutMs: number
    /**
     * The whole request, body included, must arrive within this. Above maxWaitMs: the wait for a
     * rate-limit slot happens before the body is read, so a large body may still be arriving after it.
     */
    readonly requestTimeoutMs: number
    /** A connection silent both ways for this long is closed. Above maxWaitMs: a delayed request is silent. */
    readonly idleTimeoutMs: number
    /** An idle keep-alive connection is closed after this (keep it above a load balancer's idle timeout). */
    readonly keepAliveTimeoutMs: number
  }
  readonly webhooks: {
    /** Allow webhook URLs on loopback addresses (local development receivers). */
    readonly allowLoopback: boolean
    /** Allow webhook URLs on private (RFC 1918, ULA, link-local) addresses. */
    readonly allowPrivate: boolean
    /** Require https webhook URLs (production). */
    readonly requireHttps: boolean
  }
  /** Seed the demo shops on boot when the database is empty. */
  readonly seedDemo: boolean
  /**
   * Key material of the secret box (webhook secrets, app keys at rest). Unset: DATA_DIR/secret.key,
   * created on first start. Every node and worker of one deployment must use the same key.
   */
  readonly secretKey: string | undefined
  /** PostgreSQL connections per process (API node or worker). */
  readonly databasePoolSize: number
  /** Run the webhook delivery worker inside this process. */
  readonly roles: ReadonlySet<'api' | 'worker'>
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /**
   * `text` (default): one readable line per entry, and of requests only those answered 4xx/5xx.
   * `json`: pino's JSON lines with every request (operators, log shippers). Decision 0031.
   */
  readonly logFormat: 'text' | 'json'
  /**
   * The bearer token a Prometheus scraper presents at `GET /metrics` (decision 0033). Unset: no
   * metrics are collected and `/metrics` is not served (404).
   */
  readonly metricsToken: string | undefined
  /**
   * Where a separate webhook worker process (`ROLES=worker`) serves its own `GET /metrics` (same
   * token, on HOST): its delivery outcomes and lag are counted where the deliveries happen.
   * Unset: a worker process serves no metrics. Needs METRICS_TOKEN.
   */
  readonly workerMetricsPort: number | undefined
  /**
   * Outgoing mail (decision 0035): invitations and password resets go out through this SMTP server
   * (`smtp://user:pass@host:587`, `smtps://…:465`). Unset: no mail is sent — an invitation's link is
   * shown once to the super-admin who sent it, and `fanshelf shop` prints the links it makes.
   */
  readonly smtp: { readonly url: string; readonly from: string } | undefined
  /**
   * Where uploaded media go (decision 0036): unset, into the database (every node reads it);
   * `MEDIA_S3_URL` set, into an S3-compatible bucket. Files already in the database stay readable.
   */
  readonly mediaS3: MediaS3Settings | undefined
  /** Directory with the built docs site (served at `/`), if present. */
  readonly siteDir: string
  /** Directory with the OpenAPI documents (served at `/openapi/`). */
  readonly openapiDir: string
}

/**
 * `MEDIA_S3_URL=s3://KEY_ID:SECRET@bucket/prefix?region=…&endpoint=…&forcePathStyle=…`, parsed.
 * The secret is only ever handed to the S3 client: it is in no message, log line or backup manifest.
 */
export interface MediaS3Settings {
  readonly bucket: string
  /** Prepended to a file's id to make its object key: '' or a path ending in `/`. */
  readonly keyPrefix: string
  /** An S3-compatible server's base URL; undefined: AWS S3 itself. */
  readonly endpoint: string | undefined
  readonly region: string
  /** Address the bucket as `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  readonly forcePathStyle: boolean
  /** From the URL's user and password; undefined: the AWS SDK's default chain (AWS_* variables, profiles, instance roles). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined
}

export const mediaS3UrlShape =
  's3://KEY_ID:SECRET@bucket/optional/prefix?region=…&endpoint=https://…&forcePathStyle=true'

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

/** A guessable metrics token would publish the deployment's traffic: it is refused at boot. */
export const minMetricsTokenLength = 16

const repoRoot = path.resolve(import.meta.dirname, '../../..')

/** Parses the environment; throws a ConfigError listing every bad variable. */
export function parseConfig(env: Env, overrides: Partial<Config> = {}): Config {
  const problems: string[] = []
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`)
      return fallback
    }
    return value
  }
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]
    if (raw === undefined || raw === '') return fallback
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false
    problems.push(`${name} must be true or false (got "${raw}")`)
    return fallback
  }

  const host = env.HOST || defaultHost
  const port = int('PORT', defaultPort, 0, 65535)
  const dataDir = path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data'))
  const databaseUrl = env.DATABASE_URL || `sqlite:${path.join(dataDir, 'fanshelf.sqlite')}`
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with sqlite: or postgres:// (got "${databaseUrl}")`)
  }
  const redisUrl = env.REDIS_URL || undefined
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    problems.push(`REDIS_URL must start with redis:// (got "${redisUrl}")`)
  const publicUrl = (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, '')
  try {
    new URL(publicUrl)
  } catch {
    problems.push(`PUBLIC_URL must be an absolute URL (got "${publicUrl}")`)
  }
  const roleList = (env.ROLES || 'api,worker').split(',').map((r) => r.trim())
  const roles = new Set<'api' | 'worker'>()
  for (const role of roleList) {
    if (role === 'api' || role === 'worker') roles.add(role)
    else problems.push(`ROLES must list api and/or worker (got "${role}")`)
  }
  const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel']
  if (!logLevels.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}`)
  const logFormat = (env.LOG_FORMAT || 'text').toLowerCase() as Config['logFormat']
  if (logFormat !== 'text' && logFormat !== 'json') {
    problems.push(`LOG_FORMAT must be text or json (got "${env.LOG_FORMAT}")`)
  }

  const metricsToken = env.METRICS_TOKEN || undefined
  if (metricsToken !== undefined && (metricsToken.length < minMetricsTokenLength || /\s/.test(metricsToken))) {
    problems.push(
      `METRICS_TOKEN must be at least ${minMetricsTokenLength} characters without spaces (got ${metricsToken.length} characters)`,
    )
  }

  const workerMetricsPort = env.WORKER_METRICS_PORT ? int('WORKER_METRICS_PORT', 0, 1, 65535) : undefined
  if (workerMetricsPort !== undefined && metricsToken === undefined) {
    problems.push('WORKER_METRICS_PORT needs METRICS_TOKEN: the worker serves /metrics to a scraper presenting it')
  }

  const smtpUrl = env.SMTP_URL || undefined
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/\s]/.test(smtpUrl)) {
    problems.push('SMTP_URL must start with smtp:// or smtps:// and name a host')
  }
  const smtpFrom = env.SMTP_FROM || `Fanshelf <no-reply@${safeHostname(publicUrl)}>`
  if (env.SMTP_FROM && !/^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(env.SMTP_FROM.trim())) {
    problems.push(`SMTP_FROM must be an address, e.g. "Shop <no-reply@example.com>" (got "${env.SMTP_FROM}")`)
  }

  const mediaS3 = env.MEDIA_S3_URL ? parseMediaS3Url(env.MEDIA_S3_URL, problems) : undefined

  const maxWaitMs = int('RATE_LIMIT_MAX_WAIT_MS', rateLimitDefaults.maxWaitMs, 0, 600_000)
  const http = {
    headersTimeoutMs: int('HTTP_HEADERS_TIMEOUT_MS', 10_000, 1, 600_000),
    requestTimeoutMs: int('HTTP_REQUEST_TIMEOUT_MS', maxWaitMs + 30_000, 1, 3_600_000),
    idleTimeoutMs: int('HTTP_IDLE_TIMEOUT_MS', maxWaitMs + 30_000, 1, 3_600_000),
    keepAliveTimeoutMs: int('HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1, 3_600_000),
  }
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    problems.push(
      `HTTP_HEADERS_TIMEOUT_MS (${http.headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${http.requestTimeoutMs})`,
    )
  }
  for (const [name, value] of [
    ['HTTP_REQUEST_TIMEOUT_MS', http.requestTimeoutMs],
    ['HTTP_IDLE_TIMEOUT_MS', http.idleTimeoutMs],
  ] as const) {
    if (value <= maxWaitMs) {
      problems.push(
        `${name} (${value}) must exceed RATE_LIMIT_MAX_WAIT_MS (${maxWaitMs}): a request may wait that long for its rate-limit slot`,
      )
    }
  }

  const mcpAllowedOrigins = (env.MCP_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
  for (const origin of mcpAllowedOrigins) {
    if (originOf(origin) !== origin) {
      problems.push(`MCP_ALLOWED_ORIGINS must list origins such as http://localhost:6274 (got "${origin}")`)
    }
  }

  const config: Config = {
    host,
    port,
    dataDir,
    databaseUrl,
    redisUrl,
    publicUrl,
    mcpAllowedOrigins,
    rateLimit: {
      limit: int('RATE_LIMIT', rateLimitDefaults.limit, 1, 1_000_000),
      windowMs: int('RATE_LIMIT_WINDOW_MS', rateLimitDefaults.windowMs, 100, 3_600_000),
      maxWaitMs,
      maxQueued: int('RATE_LIMIT_MAX_QUEUED', rateLimitDefaults.maxQueued, 0, 100_000),
    },
    basicAuthFailures: {
      failuresPerUser: int('AUTH_FAILURES_PER_USER', basicAuthDefaults.failuresPerUser, 1, 1_000_000),
      failuresPerAddress: int('AUTH_FAILURES_PER_ADDRESS', basicAuthDefaults.failuresPerAddress, 1, 1_000_000),
      windowMs: int('AUTH_FAILURE_WINDOW_SECONDS', basicAuthDefaults.windowMs / 1000, 1, 86_400) * 1000,
      throttledDelayMs: int('AUTH_THROTTLED_DELAY_MS', basicAuthDefaults.throttledDelayMs, 0, 10_000),
    },
    http,
    webhooks: {
      allowLoopback: bool('WEBHOOK_ALLOW_LOOPBACK', true),
      allowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
      requireHttps: bool('WEBHOOK_REQUIRE_HTTPS', false),
    },
    seedDemo: bool('SEED_DEMO', true),
    roles,
    logLevel,
    logFormat,
    metricsToken,
    workerMetricsPort,
    smtp: smtpUrl ? { url: smtpUrl, from: smtpFrom } : undefined,
    mediaS3,
    secretKey: env.SECRET_KEY || undefined,
    databasePoolSize: int('DATABASE_POOL_SIZE', 10, 1, 1000),
    siteDir: path.resolve(env.SITE_DIR || path.join(repoRoot, 'apps/site/build')),
    openapiDir: path.join(repoRoot, 'openapi'),
    ...overrides,
  }
  if (problems.length > 0) throw new ConfigError(problems)
  return Object.freeze(config)
}

/** The origin of an absolute URL, or undefined when it is none. */
const originOf = (url: string) => (URL.canParse(url) ? new URL(url).origin : undefined)

const mediaS3Parameters = ['region', 'endpoint', 'forcePathStyle']

/**
 * Reads MEDIA_S3_URL; a problem is added to `problems` (never quoting the URL: it may hold the
 * secret). The bucket is the host, the key prefix the path, credentials the user and password
 * (percent-encoded); `region` defaults to us-east-1, `forcePathStyle` to true when `endpoint` is set.
 */
function parseMediaS3Url(raw: string, problems: string[]): MediaS3Settings | undefined {
  const problem = (reason: string) => {
    problems.push(`MEDIA_S3_URL ${reason} (expected ${mediaS3UrlShape})`)
    return undefined
  }
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return problem('is not a URL (percent-encode any / @ : in the key id and secret)')
  }
  if (url.protocol !== 's3:') return problem(`must start with s3:// (got ${url.protocol}//)`)
  const bucket = url.hostname
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    return problem(`must name a bucket: 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`)
  if (url.port) return problem('names a port: give the server as endpoint=http://host:port instead')
  let keyId: string
  let secret: string
  let prefix: string
  try {
    keyId = decodeURIComponent(url.username)
    secret = decodeURIComponent(url.password)
    prefix = decodeURIComponent(url.pathname).replace(/^\/+/, '')
  } catch {
    return problem('has a malformed percent-encoding')
  }
  if ((keyId === '') !== (secret === ''))
    return problem('must give both the access key id and the secret, or neither (then the AWS SDK finds them)')
  if (
    prefix.split('/').some((part, i, parts) => part === '' && i < parts.length - 1) ||
    [...prefix].some((c) => c < ' ')
  )
    return problem('has a key prefix with an empty segment or a control character')
  const unknown = [...url.searchParams.keys()].filter((name) => !mediaS3Parameters.includes(name))
  if (unknown.length > 0) return problem(`has unknown parameters: ${unknown.join(', ')}`)
  const endpoint = url.searchParams.get('endpoint') || undefined
  if (endpoint !== undefined) {
    let parsed: URL | undefined
    try {
      parsed = new URL(endpoint)
    } catch {}
    if (parsed?.username || parsed?.password)
      return problem('has an endpoint with credentials: put them before the bucket')
    if (!parsed || !/^https?:$/.test(parsed.protocol))
      return problem(`has an endpoint that is not an http(s) URL (got "${endpoint}")`)
  }
  const region = url.searchParams.get('region') || 'us-east-1'
  if (!/^[a-z0-9-]{1,40}$/.test(region)) return problem(`has a malformed region (got "${region}")`)
  const pathStyle = url.searchParams.get('forcePathStyle')
  if (pathStyle !== null && !['true', 'false'].includes(pathStyle))
    return problem(`has forcePathStyle that is not true or false (got "${pathStyle}")`)
  return {
    bucket,
    keyPrefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
    endpoint: endpoint?.replace(/\/$/, ''),
    region,
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === 'true',
    credentials: keyId ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
  }
}

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname || 'localhost'
  } catch {
    return 'localhost'
  }
}

/** The process configuration. */
export function loadConfig(overrides: Partial<Config> = {}): Config {
  return parseConfig(process.env, overrides)
}

/** Test database selection (`TEST_DATABASE=postgres` with `TEST_DATABASE_URL`). */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
}
