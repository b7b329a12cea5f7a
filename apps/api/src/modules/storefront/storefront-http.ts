import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { contentEtag, isNotModified } from '../../http/etag.js'
import { isStorefrontCurrency } from '../money/exchange-rates.js'
import { unsupportedCurrency } from './storefront.errors.js'

/**
 * The storefront API's HTTP conventions that are not per operation (contract
 * `storefront-api.yaml`, "CORS", "Currencies", "Caching"):
 *
 * - CORS open to every origin: `Access-Control-Allow-Origin: *` on every `/v1` answer (errors
 *   included) and preflight `OPTIONS` answered — the token is public and no cookies are used.
 * - An unsupported `currency` answers `400 UNSUPPORTED_CURRENCY` with the supported codes, before
 *   the generic request validation would call it an enum violation.
 * - Product and collection reads carry an `ETag` (a hash of the exact body) and answer
 *   `304 Not Modified` to a matching `If-None-Match`; they may be stored by caches but must be
 *   revalidated (`Cache-Control: public, no-cache`). Cart answers are never stored (`no-store`).
 */

const prefix = '/v1/'
const cacheableOperations = new Set([
  'getStorefrontProduct',
  'listCollections',
  'getCollection',
  'listCollectionProducts',
])
const exposedHeaders = 'ETag, Request-Id, Idempotent-Replayed'

function isStorefrontUrl(url: string): boolean {
  return url.startsWith(prefix) || url === '/v1' || url.startsWith('/v1?')
}

function operationOf(request: FastifyRequest) {
  const operation = request.routeOptions.config?.operation
  return operation?.api === 'storefront' ? operation : undefined
}

export interface StorefrontHttpOptions {
  /** Called after every write this node handles (other than cart calls): the catalogue cache is cleared. */
  onWrite?: () => void
}

export function installStorefrontHttp(app: FastifyInstance, options: StorefrontHttpOptions = {}): void {
  // Callback-style hooks: every request passes through them, and they cost other routes nothing.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (isStorefrontUrl(request.url)) {
      reply.header('access-control-allow-origin', '*')
      reply.header('access-control-expose-headers', exposedHeaders)
    }
    done()
  })

  app.options('/v1/*', async (request, reply) => {
    const requested = request.headers['access-control-request-headers']
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header('access-control-allow-headers', typeof requested === 'string' ? requested : 'Content-Type, If-None-Match')
      .header('access-control-max-age', '86400')
      .send()
  })

  app.addHook('preValidation', (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
    if (operationOf(request)) {
      const currency = (request.query as Record<string, unknown> | undefined)?.currency
      const value = Array.isArray(currency) ? currency[currency.length - 1] : currency
      if (typeof value === 'string' && !isStorefrontCurrency(value)) return done(unsupportedCurrency(value))
    }
    done()
  })

  app.addHook(
    'onSend',
    (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
      const operation = operationOf(request)
      if (!operation) return done(null, payload)
      if (!cacheableOperations.has(operation.operationId) || reply.statusCode !== 200) {
        if (operation.operationId.endsWith('Cart') || operation.operationId.endsWith('CartItems')) {
          reply.header('cache-control', 'no-store')
        }
        return done(null, payload)
      }
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload)
      // Cached answers come with their ETag (catalog-cache.ts); others are hashed here.
      const etag = (reply.getHeader('etag') as string | undefined) ?? contentEtag(payload)
      reply.header('cache-control', 'public, no-cache')
      if (isNotModified(request, reply, etag)) {
        reply.code(304)
        reply.removeHeader('content-type')
        reply.removeHeader('content-length')
        reply.removeHeader('content-encoding')
        return done(null, '')
      }
      done(null, payload)
    },
  )

  const onWrite = options.onWrite
  if (onWrite) {
    app.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      const isWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS'
      if (isWrite && !request.url.startsWith('/v1/carts')) onWrite()
      done()
    })
  }
}
