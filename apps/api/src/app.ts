import fs from 'node:fs'
import path from 'node:path'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance, LogController } from 'fastify'
import { type Clock, systemClock } from './clock.js'
import { type Config, docsBuildOrigin } from './config.js'
import { type DatabaseHandle, migrateToLatest, openDatabase } from './db/database.js'
import { DomainError } from './errors/domain-error.js'
import { errorStatus } from './errors/error-codes.js'
import { compressionThreshold } from './http/compressed-answers.js'
import { type Contract, loadContract } from './http/contract.js'
import { answerClientError, answerFrameworkError, installErrorHandler } from './http/error-handler.js'
import { bodyLimitBytes, installJsonBodyParser } from './http/json-body.js'
import { registerOperations } from './http/operation-router.js'
import { installTextRequestLog, lazyChildLogger, loggerOptions } from './http/request-log.js'
import { applyRateLimit, resolvePrincipal } from './http/security.js'
import { installSecurityHeaders } from './http/security-headers.js'
import { installContractSerializer } from './http/serializer.js'
import { createOriginRewriter } from './http/served-origin.js'
import {
  contractServerOrigins,
  createSitePolicies,
  hasEmptySegment,
  registerContracts,
  registerStaticSite,
} from './http/static-site.js'
import { newRequestId } from './ids.js'
import { adminRoutes } from './modules/admin/admin.routes.js'
import { adminSessionRoutes } from './modules/admin-sessions/admin-sessions.routes.js'
import { createCheckoutRoutes } from './modules/checkout/checkout.routes.js'
import { createCheckoutLinkRoutes } from './modules/checkout-link/checkout-link.routes.js'
import { createDownloadRoutes } from './modules/downloads/downloads.routes.js'
import { createFeedRoutes } from './modules/feed/feed.routes.js'
import { createIdempotencyWrapper } from './modules/idempotency/idempotency.http.js'
import { createIdempotencyService } from './modules/idempotency/idempotency.service.js'
import { mcpRoutes } from './modules/mcp/mcp.routes.js'
import { mediaRoutes } from './modules/media/media.routes.js'
import { installHttpMetrics } from './modules/metrics/http-metrics.js'
import { createMetricsRoutes } from './modules/metrics/metrics.routes.js'
import { createMetrics, type Metrics } from './modules/metrics/metrics.service.js'
import { observedRateLimiter } from './modules/metrics/rate-limit-metrics.js'
import { passwordPageRoutes } from './modules/people/password-pages.routes.js'
import { platformAppRoutes } from './modules/platform-apps/platform-apps.routes.js'
import { MemoryRateLimiter, type RateLimiter } from './modules/rate-limit/rate-limiter.js'
import { RedisRateLimiter } from './modules/rate-limit/rate-limiter.redis.js'
import { installStorefrontHttp } from './modules/storefront/storefront-http.js'
import { createThankYouMediaRoutes } from './modules/thank-yous/thank-you-media.routes.js'
import { openApiHandlers } from './routes.js'
import { adminDemoRoutes } from './seed/demo-credentials.routes.js'
import { createServices, type Services } from './services.js'

export interface Platform {
  readonly config: Config
  readonly clock: Clock
  readonly database: DatabaseHandle
  readonly contract: Contract
  readonly limiter: RateLimiter
  readonly services: Services
  /** Present when METRICS_TOKEN is set (decision 0033). */
  readonly metrics: Metrics | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform
  }
}

export interface BuildOptions {
  clock?: Clock
  /** Use this database instead of opening config.databaseUrl (tests share one per file). */
  database?: DatabaseHandle
  /** Use this contract instead of loading it (tests load it once per process). */
  contract?: Contract
  /** `false`: no logging (the default of tests); a stream: JSON log lines go there instead of stdout. */
  logger?: boolean | NodeJS.WritableStream
  /**
   * Run the webhook delivery worker in this process. Default: when `config.roles` has `worker` and
   * the app runs on the system clock — an app on an injected clock is a test, which steps the
   * worker with `services.webhookDelivery.runOnce()` (or passes `worker: true`).
   */
  worker?: boolean
}

// One contract per process (fixed).
let contractCache: Promise<Contract> | undefined

/** Loads the contracts once per process; they are immutable at run time. */
export function sharedContract(config: Config): Promise<Contract> {
  contractCache ??= loadContract(config.openapiDir)
  return contractCache
}

/** The composition root: wires configuration, storage, contract, services and routes. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock
  const database = options.database ?? openDatabase(config.databaseUrl, { poolSize: config.databasePoolSize })
  await migrateToLatest(database.db)
  const contract = options.contract ?? (await sharedContract(config))
  // Metrics (decision 0033): collected only when a scraper can read them.
  const metrics = config.metricsToken ? createMetrics({ clock, database }) : undefined
  const baseLimiter: RateLimiter = config.redisUrl
    ? new RedisRateLimiter(config.rateLimit, config.redisUrl)
    : new MemoryRateLimiter(config.rateLimit, clock)
  const limiter = metrics ? observedRateLimiter(baseLimiter, metrics) : baseLimiter
  const services = createServices({
    config,
    clock,
    database,
    contract,
    onDeliveryOutcome: metrics?.observeDelivery,
    // Called while serving requests, once `app` exists.
    warn: (message) => app.log.warn(message),
  })

  const { http } = config
  const app = Fastify({
    logger:
      options.logger === false ? false : loggerOptions(config, options.logger === true ? undefined : options.logger),
    genReqId: () => newRequestId(),
    childLoggerFactory: lazyChildLogger,
    requestIdHeader: false,
    // Text logs name only the requests answered 4xx/5xx (installTextRequestLog); JSON logs all.
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.logFormat === 'text',
    }),
    // Slow clients can't hold a connection (decision 0013): headers, then the whole request, must
    // arrive in time, and a silent connection is closed. Both the request and the idle timeouts
    // exceed the longest rate-limit wait (config validates it): a delayed request is silent while
    // it waits, and its body is read after the wait. Node checks the first two on an interval,
    // which is kept well below them.
    http: {
      headersTimeout: http.headersTimeoutMs,
      requestTimeout: http.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(http.headersTimeoutMs / 4))),
    },
    requestTimeout: http.requestTimeoutMs,
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    bodyLimit: bodyLimitBytes,
    trustProxy: false,
    // Routing errors (bad percent-encoding, an over-long path segment) answer in the error shape
    // with a Request-Id; a long segment reaches the operation's own validation (decision 0015).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { maxParamLength: 8_192 },
  })
  app.decorate('platform', { config, clock, database, contract, limiter, services, metrics })
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id)
  })
  if (config.logFormat === 'text') installTextRequestLog(app)
  if (metrics) installHttpMetrics(app, metrics)
  installErrorHandler(app)
  installJsonBodyParser(app)
  installSecurityHeaders(app, { publicUrl: config.publicUrl })
  // gzip/brotli for clients that ask (docs pages, specs, large JSON lists); small bodies stay plain.
  await app.register(fastifyCompress, { threshold: compressionThreshold })
  installContractSerializer(app)

  // Liveness: a constant answer (also the benchmarks' baseline route). Readiness checks the database.
  app.get('/healthz', async () => ({ status: 'ok' }))
  app.get('/readyz', async () => {
    await database.db.selectFrom('shops').select('id').limit(1).execute()
    return { status: 'ready' }
  })

  if (metrics && config.metricsToken) {
    await app.register(createMetricsRoutes({ metrics, token: config.metricsToken }))
  }

  // Storefront API: CORS for any origin, UNSUPPORTED_CURRENCY, ETag/304 on catalogue reads.
  installStorefrontHttp(app, { onWrite: () => services.storefront.catalogCache.clear() })
  const handlers = openApiHandlers(services)
  // Idempotency-Key on the writes the contract declares it for (decision 0019).
  const idempotency = createIdempotencyService({ db: database.db, clock })
  registerOperations(app, contract, handlers, {
    wrap: createIdempotencyWrapper(idempotency),
    authorize: async (request, reply, operation) => {
      const principal = await resolvePrincipal(request, operation, services.authenticators)
      request.auth = principal
      if (principal.kind === 'apiUser' || principal.kind === 'platformApp') {
        await applyRateLimit(request, reply, principal.rateKey, limiter, clock)
      }
    },
  })

  // The docs and contracts name this server's origin, whatever PORT or PUBLIC_URL (decision 0032).
  const served = createOriginRewriter(docsBuildOrigin, config.publicUrl)
  await registerContracts(app, config.openapiDir, served)
  const sitePolicyFor = createSitePolicies(
    {
      connectSources: [
        new URL(config.publicUrl).origin,
        ...contractServerOrigins(Object.values(contract.documents)).filter(
          (origin) => origin !== new URL(docsBuildOrigin).origin,
        ),
      ],
    },
    served.text,
  )
  await registerStaticSite(app, config.siteDir, sitePolicyFor, served)

  await app.register(mediaRoutes)
  await app.register(createThankYouMediaRoutes(services.db))
  // Hosted checkout, gift redemption pages and the product feed (outside the API contracts).
  await app.register(createCheckoutRoutes(services))
  await app.register(createFeedRoutes(services.feed))
  await app.register(createDownloadRoutes(services.downloads))
  await app.register(
    createCheckoutLinkRoutes({ checkoutLink: services.checkoutLink, findShop: (host) => services.feed.findShop(host) }),
  )
  // OAuth token/revoke/metadata, the consent page, admin sign-in and the admin API for connections.
  await app.register(platformAppRoutes)
  // The MCP server at /mcp: the open API's operations as tools for AI agents (decision 0051).
  await app.register(mcpRoutes)
  await app.register(adminSessionRoutes)
  // One-time links: set a password (first, invited, reset) and "Forgot password?" (decision 0035).
  await app.register(passwordPageRoutes)
  // The merchant admin: its backend under /admin/api/… and the SPA (apps/admin/dist) under /admin/.
  // The local demo's credentials for the docs (seed/: demo data, only ever read from this file).
  await app.register(adminDemoRoutes())
  await app.register(adminRoutes())

  app.setNotFoundHandler((request, reply) => {
    const url = request.url
    const pathname = url.split('?')[0] ?? url
    if (hasEmptySegment(pathname)) {
      return reply.code(errorStatus.NOT_FOUND).send({
        code: 'NOT_FOUND',
        message: `Nothing is served at ${pathname}: it has an empty path segment (//).`,
      })
    }
    if (url.startsWith('/open-api/') || url.startsWith('/v1/') || url === '/v1') {
      const error = new DomainError('ROUTE_NOT_FOUND', `There is no operation ${request.method} ${url.split('?')[0]}.`)
      return reply.code(error.status).send({ code: error.code, message: error.message })
    }
    const notFoundPage = path.join(config.siteDir, '404.html')
    if (fs.existsSync(notFoundPage)) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', sitePolicyFor(notFoundPage))
        .send(served.text(notFoundPage))
    }
    return reply
      .code(errorStatus.NOT_FOUND)
      .send({ code: 'NOT_FOUND', message: `Nothing is served at ${url.split('?')[0]}.` })
  })

  // Deliveries queued by a write request are sent as soon as it has committed, not at the next poll.
  // The storefront API's writes are cart changes, which queue no event: they do not wake the worker
  // (under a burst of cart writes it would otherwise look for deliveries after every one).
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !request.url.startsWith('/v1/')) {
      services.webhookDelivery.wake()
    }
    done()
  })
  if (options.worker ?? (config.roles.has('worker') && options.clock === undefined)) {
    services.webhookDelivery.start({ log: app.log })
  }
  // Draws past their deadline end on every API node (ending one is a conditional update: idempotent).
  services.drawDeadlines.start()

  app.addHook('onClose', async () => {
    await services.close()
    await limiter.close()
    if (!options.database) await database.close()
  })
  return app
}
