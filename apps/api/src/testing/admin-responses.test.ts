import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { checkAdminResponse } from './admin-responses.js'

/** What the admin's tests see of an answer (the parts checkAdminResponse reads). */
function answer(statusCode: number, body?: unknown): LightMyRequestResponse {
  const text = body === undefined ? '' : JSON.stringify(body)
  return {
    statusCode,
    body: text,
    headers: body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' },
  } as unknown as LightMyRequestResponse
}

const apiUser = {
  id: 'apiu_1',
  username: 'fanshelf_x',
  createdBy: null,
  createdAt: '2026-11-02T12:00:00.000Z',
  lastUsedAt: null,
}
const page = (results: unknown[]) => ({ results, total: results.length, page: 0, size: 20, totalPages: 1 })

describe('the admin answers in tests are held to admin-api.yaml', () => {
  it('passes a documented status with a body of its schema', async () => {
    await expect(
      checkAdminResponse('GET', '/admin/api/api-users', answer(200, page([apiUser]))),
    ).resolves.toBeUndefined()
    await expect(checkAdminResponse('DELETE', '/admin/api/api-users/apiu_1', answer(204))).resolves.toBeUndefined()
  })

  it('fails a status the operation does not document', async () => {
    await expect(
      checkAdminResponse('GET', '/admin/api/api-users', answer(409, { code: 'CONFLICT', message: 'x' })),
    ).rejects.toThrow(/listAdminApiUsers does not document 409/)
  })

  it('fails a body that misses a required field or has one of the wrong type', async () => {
    const { lastUsedAt: _lastUsedAt, ...missing } = apiUser
    await expect(checkAdminResponse('GET', '/admin/api/api-users', answer(200, page([missing])))).rejects.toThrow(
      /breaks admin-api.yaml listAdminApiUsers 200/,
    )
    await expect(
      checkAdminResponse('GET', '/admin/api/api-users', answer(200, page([{ ...apiUser, createdAt: 5 }]))),
    ).rejects.toThrow(/breaks admin-api.yaml/)
  })

  it('fails a field the schema does not describe, also under a schema of the contract', async () => {
    await expect(
      checkAdminResponse('GET', '/admin/api/api-users', answer(200, page([{ ...apiUser, passwordHash: 'x' }]))),
    ).rejects.toThrow(/breaks admin-api.yaml/)
    // `Shop` (open-api.yaml) allows other properties; the open API would drop them, so must the admin.
    const shop = { id: 'sh_1', name: 'Pixel Pines', domain: 'p.fanshelf.shop', publicDomain: null, currency: 'USD' }
    await expect(checkAdminResponse('GET', '/admin/api/shop', answer(200, shop))).resolves.toBeUndefined()
    await expect(
      checkAdminResponse('GET', '/admin/api/shop', answer(200, { ...shop, webhookSecret: 's' })),
    ).rejects.toThrow(/\$\.webhookSecret, which admin-api.yaml getAdminShop 200 does not describe/)
  })

  it('fails a body on a status documented without one', async () => {
    await expect(
      checkAdminResponse('DELETE', '/admin/api/api-users/apiu_1', answer(204, { deleted: true })),
    ).rejects.toThrow(/deleteAdminApiUser 204 documents none/)
  })

  it('lets an unknown admin route be only the JSON 404', async () => {
    const notFound = { code: 'NOT_FOUND', message: 'No such admin API route.' }
    await expect(checkAdminResponse('GET', '/admin/api/nothing', answer(404, notFound))).resolves.toBeUndefined()
    await expect(checkAdminResponse('GET', '/admin/api/nothing', answer(200, {}))).rejects.toThrow(
      /describes no such operation/,
    )
    await expect(checkAdminResponse('PATCH', '/admin/api/shop', answer(200, {}))).rejects.toThrow(
      /describes no such operation/,
    )
  })
})
