import type { FastifyInstance, FastifyRequest } from 'fastify'
import { DomainError } from '../../errors/domain-error.js'
import type { Operation } from '../../http/contract.js'
import type { Metrics } from './metrics.service.js'

/** Methods kept as they are in labels; anything else a client sends is `OTHER`. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** The label of a request that matched no route (a 404 of the router): one series, whatever the URL. */
export const unmatchedRoute = 'unmatched'

/**
 * A request's `operation` label: the contract's operationId, else the route pattern it matched as
 * registered (`/admin/api/orders/:orderId`, `/*` for the docs site), else `unmatched`. Never the
 * URL itself: ids and junk paths would each make a new series.
 */
export function operationLabel(request: FastifyRequest): string {
  const route = request.routeOptions
  const operation = (route.config as { operation?: Operation } | undefined)?.operation
  return operation?.operationId ?? route.url ?? unmatchedRoute
}

/** Counts and times every answer, and counts every 429 by its error code. */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: knownMethods.has(request.method) ? request.method : 'OTHER',
      operation: operationLabel(request),
      status: reply.statusCode,
      durationSeconds: reply.elapsedTime / 1000,
    })
    done()
  })
  app.addHook('onError', (_request, _reply, error, done) => {
    if (error instanceof DomainError && error.status === 429) metrics.countTooManyRequests(error.code)
    done()
  })
}
