import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorStatus } from '../../errors/error-codes.js'
import { isNotModified } from '../../http/etag.js'
import { mediaCacheControl as cacheControl } from './media-storage.js'

/**
 * Serves the shops' uploaded media (decision 0036): `GET /media/files/<id>.<ext>`, the URL every
 * product image, variant image and feed item names. `?w=` (16–2400) answers a copy at most that
 * many pixels wide (the storefront's `transformedUrl`); an SVG is the same drawing at any width.
 * A file's content never changes, so responses are cacheable for a year as immutable, with an ETag.
 */

const minWidth = 16
const maxWidth = 2400
const filePattern = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]{3,4})$/

type MediaRequest = FastifyRequest<{ Params: { file: string }; Querystring: { w?: string | string[] } }>

function parseWidth(raw: string | string[] | undefined): number | undefined | { error: string; rule: string } {
  if (raw === undefined) return undefined
  const value = Array.isArray(raw) ? raw[raw.length - 1]! : raw
  if (!/^\d{1,5}$/.test(value)) return { error: 'w must be a whole number of pixels', rule: 'type' }
  const width = Number(value)
  if (width < minWidth) return { error: `w must be at least ${minWidth}`, rule: 'minimum' }
  if (width > maxWidth) return { error: `w must be at most ${maxWidth}`, rule: 'maximum' }
  return width
}

function notFound(reply: FastifyReply, path: string) {
  return reply
    .code(errorStatus.MEDIA_NOT_FOUND)
    .send({ code: 'MEDIA_NOT_FOUND', message: `There is no file at ${path}.` })
}

/** The media routes (a Fastify plugin): register with `app.register(mediaRoutes)`. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const { media } = app.platform.services

  app.get('/media/files/:file', async (request: MediaRequest, reply) => {
    const path = request.url.split('?')[0]!
    const width = parseWidth(request.query.w)
    if (typeof width === 'object') {
      return reply.code(errorStatus.REQUEST_VALIDATION_FAILED).send({
        code: 'REQUEST_VALIDATION_FAILED',
        message: `query w: ${width.error}`,
        details: { errors: [{ location: 'query', field: 'w', rule: width.rule, message: width.error }] },
      })
    }
    const match = filePattern.exec(request.params.file)
    const file = match ? await media.serve(match[1]!, match[2]!, width) : undefined
    if (!file) return notFound(reply, path)
    reply.header('cache-control', cacheControl).header('x-content-type-options', 'nosniff')
    if (isNotModified(request, reply, file.etag)) return reply.code(304).send()
    if (file.mediaType === 'image/svg+xml') {
      // Opened on its own, an SVG is a document: it runs nothing and loads nothing.
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    }
    return reply.type(file.mediaType).send(file.content)
  })
}
