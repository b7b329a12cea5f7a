import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, sharedContract } from '../../app.js'
import { ManualClock } from '../../clock.js'
import { parseConfig } from '../../config.js'
import { type DatabaseHandle, migrateToLatest } from '../../db/database.js'
import { seedDemo } from '../../seed/demo-seed.js'
import { createTestDatabase } from '../../testing/test-database.js'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { type AdminClient, signInAdmin } from '../admin/testing/admin-client.js'
import { connect, registerClient, signInAdmin as signInForConsent } from '../platform-apps/testing/oauth-harness.js'
import { hasUrlCredentials } from './webhook-url-credentials.js'

/**
 * Issue 17 §4: a webhook URL with credentials in it (`https://user:password@host/…`) is refused on
 * every path that writes one — the open API's create and update (API users and apps alike) and the
 * admin's — with a 400 naming `url` and the rule, telling the caller to verify signatures instead,
 * and without repeating the credentials anywhere (answer, stored rows, logs).
 */

let platform: TestPlatform
let owner: AdminClient
let appToken: string

const password = 's3cr3t-basic-pass'
/** Public addresses as IP literals: no DNS lookup in tests. */
const withCredentials = [
  ['user and password', `https://hooks:${password}@93.184.216.34/fanshelf`],
  ['a user name alone', 'https://deploy-bot@93.184.216.34/fanshelf'],
  ['a password alone', `https://:${password}@93.184.216.34/fanshelf`],
  ['percent-encoded userinfo', `https://hooks%40corp:${password}@93.184.216.34/fanshelf`],
  ['credentials and a private address', `http://hooks:${password}@10.0.0.12/fanshelf`],
] as const
const cleanUrl = 'https://93.184.216.34/fanshelf'

const webhooks = '/open-api/v1.0/webhooks'

function send(method: 'POST' | 'PUT', url: string, body: unknown, headers = authHeaders(platform.asDemo)) {
  return platform.app.inject({ method, url, headers, payload: body as Record<string, unknown> })
}

async function storedUrls(): Promise<string[]> {
  const rows = await platform.app.platform.services.db.selectFrom('webhook_configurations').select('url').execute()
  return rows.map((row) => row.url)
}

function expectCredentialsRefused(response: { statusCode: number; body: string }) {
  expect(response.statusCode).toBe(400)
  const body = JSON.parse(response.body)
  expect(body.code).toBe('REQUEST_VALIDATION_FAILED')
  expect(body.details.errors).toEqual([
    expect.objectContaining({ location: 'body', field: 'url', rule: 'noCredentials' }),
  ])
  expect(body.details.errors[0].message).toMatch(/signature/)
  expect(response.body).not.toContain(password)
  expect(response.body).not.toContain('deploy-bot')
}

beforeAll(async () => {
  platform = await createTestPlatform()
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  const app = await registerClient(platform, { scopes: ['webhook_read', 'webhook_write'] })
  appToken = (await connect(platform, app, await signInForConsent(platform))).access_token
})
afterAll(() => platform.close())

describe('POST /open-api/v1.0/webhooks with credentials in url', () => {
  it.each(withCredentials)('refuses %s with 400 noCredentials on url, writing nothing', async (_name, url) => {
    const before = await storedUrls()
    expectCredentialsRefused(await send('POST', webhooks, { url, allowedTypes: ['ORDER_PLACED'] }))
    expect(await storedUrls()).toEqual(before)
  })

  it('refuses them for a platform app’s token too', async () => {
    const [, url] = withCredentials[0]
    expectCredentialsRefused(
      await send('POST', webhooks, { url, allowedTypes: ['ORDER_PLACED'] }, authHeaders({ bearer: appToken })),
    )
  })

  it('accepts an @ outside the authority (path, query, fragment)', async () => {
    const url = 'https://93.184.216.34/fanshelf/@team?notify=ops@example.com#@'
    const response = await send('POST', webhooks, { url, allowedTypes: ['ORDER_PLACED'] })
    expect(response.statusCode).toBe(200)
    expect(response.json().url).toBe(url)
  })
})

describe('PUT /open-api/v1.0/webhooks/{id} with credentials in url', () => {
  it('refuses them and leaves the configuration as it was', async () => {
    const created = await send('POST', webhooks, { url: cleanUrl, allowedTypes: ['DONATION'] })
    const id = created.json().id as string
    for (const [, url] of withCredentials) {
      expectCredentialsRefused(await send('PUT', `${webhooks}/${id}`, { url, allowedTypes: ['DONATION'] }))
    }
    const stored = await platform.app.inject({
      method: 'GET',
      url: `${webhooks}/${id}`,
      headers: authHeaders(platform.asDemo),
    })
    expect(stored.json()).toMatchObject({ url: cleanUrl, updatedAt: created.json().updatedAt })
  })

  it('still answers 404 for another shop’s configuration, whatever the url', async () => {
    const foreign = await send(
      'POST',
      webhooks,
      { url: cleanUrl, allowedTypes: ['DONATION'] },
      authHeaders(platform.asOther),
    )
    const [, url] = withCredentials[0]
    const response = await send('PUT', `${webhooks}/${foreign.json().id}`, { url, allowedTypes: ['DONATION'] })
    expect(response.statusCode).toBe(404)
  })
})

describe('the admin’s webhook form (/admin/api/webhooks)', () => {
  it('refuses credentials on create and update with the same rule, naming url', async () => {
    const [, url] = withCredentials[0]
    const before = await storedUrls()
    const created = await owner.post('/admin/api/webhooks', { url, allowedTypes: ['DONATION'] })
    expect(created.status).toBe(400)
    expect(created.body.details.errors).toEqual([expect.objectContaining({ field: 'url', rule: 'noCredentials' })])
    expect(JSON.stringify(created.body)).not.toContain(password)
    expect(await storedUrls()).toEqual(before)

    const clean = await owner.post('/admin/api/webhooks', { url: cleanUrl, allowedTypes: ['DONATION'] })
    expect(clean.status).toBe(201)
    const updated = await owner.put(`/admin/api/webhooks/${clean.body.id}`, { url, allowedTypes: ['DONATION'] })
    expect(updated.status).toBe(400)
    expect(updated.body.details.errors[0]).toMatchObject({ field: 'url', rule: 'noCredentials' })
    expect((await owner.get(`/admin/api/webhooks/${clean.body.id}`)).body.url).toBe(cleanUrl)
  })
})

describe('hasUrlCredentials', () => {
  it.each([
    ['https://user:pass@host.example/x', true],
    ['https://user@host.example', true],
    ['https://:pass@host.example', true],
    ['https://@host.example/', false],
    ['https://host.example/a@b', false],
    ['https://host.example/?to=a@b', false],
    ['not a url', false],
  ] as const)('%s → %s', (url, expected) => {
    expect(hasUrlCredentials(url)).toBe(expected)
  })
})

describe('log lines of a refused configuration', () => {
  const lines: string[] = []
  let app: FastifyInstance
  let database: DatabaseHandle
  let dataDir: string

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-url-credentials-'))
    const config = parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'trace' })
    database = await createTestDatabase()
    await migrateToLatest(database.db)
    const clock = new ManualClock(Date.UTC(2026, 10, 2, 12, 0, 0))
    const logger = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'))
        done()
      },
    })
    app = await buildApp(config, { clock, database, contract: await sharedContract(config), logger })
    await app.ready()
    const credentials = await seedDemo(database.db, {
      secretBox: app.platform.services.secretBox,
      publicUrl: config.publicUrl,
      now: clock.now(),
    })
    const demo = credentials.shops[0]
    if (!demo) throw new Error('the seed creates the demo shop')
    for (const [, url] of withCredentials) {
      const response = await app.inject({
        method: 'POST',
        url: webhooks,
        headers: authHeaders({ basic: demo.apiUser }),
        payload: { url, allowedTypes: ['ORDER_PLACED'] },
      })
      expect(response.statusCode).toBe(400)
    }
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('never carry the credentials', () => {
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) {
      expect(line).not.toContain(password)
      expect(line).not.toContain('deploy-bot')
    }
  })
})
