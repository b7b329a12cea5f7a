import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { DomainError } from '../../errors/domain-error.js'
import type { Metrics } from './metrics.service.js'
import { isMetricsToken, metricsChallenge } from './metrics-token.js'

/**
 * `GET /metrics` for a Prometheus scraper (decision 0033): the exposition text, behind the bearer
 * token of METRICS_TOKEN. Registered only when that is set; otherwise the path is a plain 404.
 */
export function createMetricsRoutes(deps: { metrics: Metrics; token: string }): FastifyPluginAsync {
  const { metrics, token } = deps

  async function requireToken(request: FastifyRequest): Promise<void> {
    if (!isMetricsToken(token, request.headers.authorization)) {
      throw new DomainError(
        'UNAUTHENTICATED',
        'Scraping /metrics takes the bearer token set in METRICS_TOKEN: send Authorization: Bearer <token>.',
        undefined,
        { 'www-authenticate': metricsChallenge },
      )
    }
  }

  return async (app) => {
    app.get('/metrics', { onRequest: requireToken }, async (_request, reply) => {
      const text = await metrics.scrape()
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text)
    })
  }
}
