import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { findProductArt, findTierArt, type ProductKind } from '../../seed/demo-catalog.js'
import { renderProductSvg, renderSizeGuideSvg, renderTierSvg } from './product-art.js'

/**
 * Serves the demo shops' images as generated SVGs, so the demo needs no outside host:
 *
 * - `GET /media/products/<product-slug>-<n>.svg` — image n (1-based) of a product,
 * - `GET /media/tiers/<tier-slug>.svg` — a membership tier badge,
 * - `GET /media/size-guides/<kind>.svg` — a garment size guide.
 *
 * `?w=` sets the rendered width in pixels (16–2400; the images are square, 1200 by default).
 * Responses are deterministic, so they carry a long Cache-Control and an ETag (304 on a match).
 */

export const defaultImageWidth = 1200
const minWidth = 16
const maxWidth = 2400
const cacheControl = 'public, max-age=31536000'

type MediaRequest = FastifyRequest<{ Params: { file: string }; Querystring: { w?: string | string[] } }>

/** A small bounded cache: every response is a pure function of its path and width. */
const rendered = new Map<string, { body: string; etag: string }>()
const maxCached = 1000

function parseWidth(raw: string | string[] | undefined): number | { error: string; rule: string } {
  if (raw === undefined) return defaultImageWidth
  const value = Array.isArray(raw) ? raw[raw.length - 1]! : raw
  if (!/^\d{1,5}$/.test(value)) return { error: 'w must be a whole number of pixels', rule: 'type' }
  const width = Number(value)
  if (width < minWidth) return { error: `w must be at least ${minWidth}`, rule: 'minimum' }
  if (width > maxWidth) return { error: `w must be at most ${maxWidth}`, rule: 'maximum' }
  return width
}

function notFound(reply: FastifyReply, path: string) {
  return reply.code(404).send({ code: 'MEDIA_NOT_FOUND', message: `There is no image at ${path}.` })
}

async function serve(request: MediaRequest, reply: FastifyReply, render: (width: number) => string | undefined) {
  const path = request.url.split('?')[0]!
  const width = parseWidth(request.query.w)
  if (typeof width !== 'number') {
    return reply.code(400).send({
      code: 'REQUEST_VALIDATION_FAILED',
      message: `query w: ${width.error}`,
      details: { errors: [{ location: 'query', field: 'w', rule: width.rule, message: width.error }] },
    })
  }
  const key = `${path}?w=${width}`
  let entry = rendered.get(key)
  if (!entry) {
    const body = render(width)
    if (body === undefined) return notFound(reply, path)
    entry = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` }
    if (rendered.size >= maxCached) rendered.clear()
    rendered.set(key, entry)
  }
  reply.header('etag', entry.etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff')
  const ifNoneMatch = request.headers['if-none-match']
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
    return reply.code(304).send()
  }
  return reply
    .type('image/svg+xml; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(entry.body)
}

/** The media routes (a Fastify plugin): register with `app.register(mediaRoutes)`. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get('/media/products/:file', (request: MediaRequest, reply) =>
    serve(request, reply, (width) => {
      const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9]\d{0,2})\.svg$/.exec(request.params.file)
      if (!match) return undefined
      const art = findProductArt(match[1]!)
      return art && renderProductSvg(art, Number(match[2]), width)
    }),
  )

  app.get('/media/tiers/:file', (request: MediaRequest, reply) =>
    serve(request, reply, (width) => {
      const match = /^([a-z0-9-]+)\.svg$/.exec(request.params.file)
      const art = match ? findTierArt(match[1]!) : undefined
      return art && renderTierSvg(art, width)
    }),
  )

  app.get('/media/size-guides/:file', (request: MediaRequest, reply) =>
    serve(request, reply, (width) => {
      const match = /^([a-z]+)\.svg$/.exec(request.params.file)
      return match ? renderSizeGuideSvg(match[1] as ProductKind, width) : undefined
    }),
  )
}
