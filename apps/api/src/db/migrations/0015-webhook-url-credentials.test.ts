import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authHeaders, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { up, withoutCredentials } from './0015-webhook-url-credentials.js'

/**
 * Migration 0015 (decision 0029) on the suite's database — SQLite, or PostgreSQL under
 * `TEST_DATABASE=postgres`. Rows are written as they were before URLs with credentials were
 * refused (through the API, then given credentials in the database); the migration's `up` is then
 * run over them, and the result is read back as an integrator sees it, through the open API.
 */

let platform: TestPlatform
const password = 'basic-pass-at-rest'
const db = () => platform.app.platform.services.db
const headers = () => authHeaders(platform.asDemo)

function api(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, extra: Record<string, string> = {}) {
  return platform.app.inject({
    method,
    url: `/open-api/v1.0${url}`,
    headers: { ...headers(), ...extra },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  })
}

/** A configuration created through the API, then given credentials in its stored URL. */
async function legacyConfiguration(cleanUrl: string, storedUrl: string, idempotencyKey?: string) {
  const body = { url: cleanUrl, allowedTypes: ['DONATION'] }
  const created = await api('POST', '/webhooks', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {})
  expect(created.statusCode).toBe(200)
  const id = created.json().id as string
  await db().updateTable('webhook_configurations').set({ url: storedUrl }).where('id', '=', id).execute()
  return { id, body }
}

beforeAll(async () => {
  platform = await createTestPlatform()
})
afterAll(() => platform.close())

describe('withoutCredentials', () => {
  it.each([
    [`https://hooks:${password}@93.184.216.34/fanshelf?x=1`, 'https://93.184.216.34/fanshelf?x=1'],
    ['https://deploy-bot@93.184.216.34/fanshelf', 'https://93.184.216.34/fanshelf'],
    [`https://:${password}@93.184.216.34/`, 'https://93.184.216.34/'],
    ['https://93.184.216.34/fanshelf/@team', undefined],
    ['https://93.184.216.34/?to=a@b', undefined],
  ] as const)('%s → %s', (url, expected) => {
    expect(withoutCredentials(url)).toBe(expected)
  })
})

describe('migration 0015: webhook URL credentials at rest', () => {
  const clean = 'https://93.184.216.34/fanshelf'
  const dirty = `https://hooks:${password}@93.184.216.34/fanshelf`
  let legacy: { id: string }
  let replayed: { id: string; body: unknown }
  let eventId: string
  let untouched: { id: string; updatedAt: string }
  const idempotencyKey = 'migration-0015-replay'

  beforeAll(async () => {
    legacy = await legacyConfiguration(clean, dirty)
    // A queued delivery of the legacy configuration, with an error quoting its URL.
    const sent = await api('POST', `/webhooks/${legacy.id}/test`, { type: 'DONATION' })
    expect(sent.statusCode).toBe(200)
    eventId = sent.json().id
    await db()
      .updateTable('webhook_events')
      .set({ last_error: `Could not reach ${dirty}` })
      .where('id', '=', eventId)
      .execute()
    // An idempotent create whose saved answer repeats the URL.
    replayed = await legacyConfiguration(
      `${clean}/replayed`,
      `https://deploy-bot@93.184.216.34/fanshelf/replayed`,
      idempotencyKey,
    )
    const saved = await db().selectFrom('idempotency_keys').select(['response_body']).execute()
    for (const row of saved) {
      if (!row.response_body?.includes(`${clean}/replayed`)) continue
      await db()
        .updateTable('idempotency_keys')
        .set({
          response_body: row.response_body.replace(
            `${clean}/replayed`,
            'https://deploy-bot@93.184.216.34/fanshelf/replayed',
          ),
        })
        .where('response_body', '=', row.response_body)
        .execute()
    }
    // Replaying before the migration shows what was at rest.
    const before = await api('POST', '/webhooks', replayed.body, { 'idempotency-key': idempotencyKey })
    expect(before.body).toContain('deploy-bot@')

    const plain = await api('POST', '/webhooks', {
      url: `${clean}/@team?to=ops@example.com`,
      allowedTypes: ['DONATION'],
    })
    untouched = { id: plain.json().id, updatedAt: plain.json().updatedAt }

    await up(db() as unknown as Kysely<unknown>)
  })

  it('removes the credentials and disables the configuration, saying why', async () => {
    const response = await api('GET', `/webhooks/${legacy.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ url: clean, enabled: false })
    expect(response.json().disabledReason).toMatch(/credentials.*removed.*signature/s)
    const row = await db()
      .selectFrom('webhook_configurations')
      .select('url')
      .where('id', '=', legacy.id)
      .executeTakeFirstOrThrow()
    expect(row.url).toBe(clean)
  })

  it('fails its queued deliveries, and no delivery-log view shows the credentials', async () => {
    const event = await api('GET', `/webhook-events/${eventId}`)
    expect(event.statusCode).toBe(200)
    expect(event.json()).toMatchObject({ url: clean, state: 'FAILED', nextAttemptAt: null })
    const list = await api('GET', '/webhook-events')
    const configurations = await api('GET', '/webhooks')
    for (const body of [event.body, list.body, configurations.body]) {
      expect(body).not.toContain(password)
      expect(body).not.toContain('deploy-bot@')
    }
  })

  it('cleans saved idempotent answers, so a replay does not bring the credentials back', async () => {
    const replay = await api('POST', '/webhooks', replayed.body, { 'idempotency-key': idempotencyKey })
    expect(replay.statusCode).toBe(200)
    expect(replay.json()).toMatchObject({ id: replayed.id, url: `${clean}/replayed` })
    expect(replay.body).not.toContain('deploy-bot')
  })

  it('leaves URLs without credentials alone, @ in the path or query included', async () => {
    const response = await api('GET', `/webhooks/${untouched.id}`)
    expect(response.json()).toMatchObject({
      url: `${clean}/@team?to=ops@example.com`,
      enabled: true,
      updatedAt: untouched.updatedAt,
    })
  })

  it('is idempotent, and an update re-enables the cleaned configuration', async () => {
    const before = await db().selectFrom('webhook_configurations').selectAll().orderBy('id').execute()
    await up(db() as unknown as Kysely<unknown>)
    expect(await db().selectFrom('webhook_configurations').selectAll().orderBy('id').execute()).toEqual(before)
    const updated = await api('PUT', `/webhooks/${legacy.id}`, { url: clean, allowedTypes: ['DONATION'] })
    expect(updated.json()).toMatchObject({ url: clean, enabled: true, disabledReason: null })
  })
})
