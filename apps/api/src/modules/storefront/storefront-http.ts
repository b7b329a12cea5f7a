import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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
const cacheableOperations = new Set(['getStorefrontProduct', 'listCollections', 'getCollection', 'listCollectionProducts'])
const exposedHeaders = 'ETag, Request-Id'

function isStorefrontUrl(url: string): boolean {
  return url.startsWith(prefix) || url === '/v1' || url.startsWith('/v1?')
}

function operationOf(request: FastifyRequest) {
  const operation = request.routeOptions.config?.operation
  return operation?.api === 'storefront' ? operation : undefined
}

/** `If-None-Match` may list several tags, or `*`; weak tags match too (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)
}

export function bodyEtag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

export function installStorefrontHttp(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isStorefrontUrl(request.url)) return
    reply.header('access-control-allow-origin', '*')
    reply.header('access-control-expose-headers', exposedHeaders)
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

  app.addHook('preValidation', async (request) => {
    if (!operationOf(request)) return
    const currency = (request.query as Record<string, unknown> | undefined)?.currency
    const value = Array.isArray(currency) ? currency[currency.length - 1] : currency
    if (typeof value === 'string' && !isStorefrontCurrency(value)) throw unsupportedCurrency(value)
  })

  app.addHook('onSend', async (request, reply, payload) => {
    const operation = operationOf(request)
    if (!operation) return payload
    if (!cacheableOperations.has(operation.operationId) || reply.statusCode !== 200) {
      if (operation.operationId.endsWith('Cart') || operation.operationId.endsWith('CartItems')) {
        reply.header('cache-control', 'no-store')
      }
      return payload
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const etag = bodyEtag(payload)
    reply.header('etag', etag)
    reply.header('cache-control', 'public, no-cache')
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      reply.code(304)
      reply.removeHeader('content-type')
      reply.removeHeader('content-length')
      return ''
    }
    return payload
  })
}
