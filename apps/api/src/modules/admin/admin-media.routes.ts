import type { AdminRes } from '@fanshelf/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { maxUploadBytes } from '../media/image-intake.js'
import { pageRequest } from '../paging/paging.js'
import type { AdminParsers } from './admin-contract.js'
import type { AdminAccess } from './admin-http.js'

type UploadRequest = FastifyRequest<{ Body: Buffer; Querystring: { name?: string } }>

/**
 * The shop's media library (decision 0036): `GET /admin/api/media` lists it, newest first;
 * `POST /admin/api/media` uploads one image, sent as the raw request body (any `image/*` or
 * `application/octet-stream` Content-Type: what the file is, is decided from its bytes) with its
 * file name in `?name=`. Its own plugin, so only this route reads bodies that are not JSON.
 */
export function adminMediaRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { media } = app.platform.services

    const keepBytes = (_request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: Buffer) => void) =>
      done(null, body)
    app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: maxUploadBytes }, keepBytes)
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, keepBytes)

    app.get('/admin/api/media', async (request, reply) => {
      const session = await access.read(request, reply, 'media.read')
      const query = parse.products(request.query)
      return (await media.list(session.shopId, query.search, pageRequest(query))) satisfies AdminRes<'listAdminMedia'>
    })

    app.post('/admin/api/media', { bodyLimit: maxUploadBytes }, async (request: UploadRequest, reply) => {
      const session = await access.write(request, reply, 'media.upload')
      const name = typeof request.query.name === 'string' ? request.query.name : undefined
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const uploaded = await media.upload(session.shopId, { content: body, name, createdBy: session.adminUserId })
      return reply
        .code(201)
        .header('location', uploaded.url)
        .send(uploaded satisfies AdminRes<'uploadAdminMedia'>)
    })
  }
}
