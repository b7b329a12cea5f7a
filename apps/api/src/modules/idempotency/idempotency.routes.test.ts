import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../db/database.js'
import { type Auth, type CallResult, createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { requestFingerprint } from './idempotency.http.js'
import { createIdempotencyService, idempotencyAbandonAfterMs, idempotencyRetentionMs } from './idempotency.service.js'

let platform: TestPlatform
let db: Db

beforeAll(async () => {
  platform = await createTestPlatform()
  db = platform.app.platform.services.db
})
afterAll(() => platform.close())

/** A public address as an IP literal: no DNS lookup in tests. */
const hookBody = (n: number) => ({ url: `https://93.184.216.34/fanshelf/${n}`, allowedTypes: ['ORDER_PLACED'] })
let keys = 0
const newKey = () => `test-key-${++keys}-${platform.clock.now()}`

function createHook(body: unknown, key: string | undefined, auth: Auth = platform.asDemo) {
  return platform.call('createWebhookConfiguration', {
    body,
    auth,
    headers: key === undefined ? {} : { 'Idempotency-Key': key },
  })
}

async function hookCount(shopId: string): Promise<number> {
  const rows = await db.selectFrom('webhook_configurations').select('id').where('shop_id', '=', shopId).execute()
  return rows.length
}

async function apiUserIdOf(username: string): Promise<string> {
  const row = await db.selectFrom('api_users').select('id').where('username', '=', username).executeTakeFirstOrThrow()
  return row.id
}

function expectReplayOf(retry: CallResult, first: CallResult) {
  expect(retry.status).toBe(first.status)
  expect(retry.response.body).toBe(first.response.body)
  expect(retry.headers['idempotent-replayed']).toBe('true')
  expect(retry.headers['request-id']).not.toBe(first.headers['request-id'])
}

describe('Idempotency-Key on open API writes', () => {
  it('replays a retried create byte for byte, with Idempotent-Replayed, and creates one resource', async () => {
    const before = await hookCount(platform.demo.id)
    const key = newKey()
    const first = await createHook(hookBody(1), key)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.headers['idempotent-replayed']).toBeUndefined()
    const retry = await createHook(hookBody(1), key)
    expectReplayOf(retry, first)
    expect(retry.headers['content-type']).toBe(first.headers['content-type'])
    expect(await hookCount(platform.demo.id)).toBe(before + 1)
  })

  it('treats a body with the same fields in another order as the same request', async () => {
    const key = newKey()
    const first = await createHook({ url: 'https://93.184.216.34/fanshelf/order', allowedTypes: ['ORDER_PLACED'] }, key)
    const retry = await createHook({ allowedTypes: ['ORDER_PLACED'], url: 'https://93.184.216.34/fanshelf/order' }, key)
    expectReplayOf(retry, first)
  })

  it('without the header, a retried create creates twice (as before)', async () => {
    const before = await hookCount(platform.demo.id)
    await createHook(hookBody(2), undefined)
    await createHook(hookBody(2), undefined)
    expect(await hookCount(platform.demo.id)).toBe(before + 2)
  })

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with another body or another path', async () => {
    const key = newKey()
    expect((await createHook(hookBody(3), key)).status).toBe(200)
    const before = await hookCount(platform.demo.id)
    const otherBody = await createHook(hookBody(4), key)
    expect(otherBody.status).toBe(422)
    expect(otherBody.body.code).toBe('IDEMPOTENCY_KEY_REUSED')
    const otherPath = await platform.call('updateWebhookConfiguration', {
      params: { webhookConfigurationId: 'wcon_unknown' },
      body: hookBody(3),
      headers: { 'Idempotency-Key': key },
    })
    expect(otherPath.status).toBe(422)
    expect(await hookCount(platform.demo.id)).toBe(before)
  })

  it('does not save a 400 REQUEST_VALIDATION_FAILED: the corrected retry with the same key runs', async () => {
    const key = newKey()
    const invalid = await createHook({ url: 'not a url', allowedTypes: ['ORDER_PLACED'] }, key)
    expect(invalid.status).toBe(400)
    expect(invalid.body.code).toBe('REQUEST_VALIDATION_FAILED')
    const corrected = await createHook(hookBody(5), key)
    expect(corrected.status).toBe(200)
    expect(corrected.headers['idempotent-replayed']).toBeUndefined()
  })

  it('does not save a 401: the retry with credentials runs', async () => {
    const key = newKey()
    expect((await createHook(hookBody(6), key, 'none')).status).toBe(401)
    const retry = await createHook(hookBody(6), key)
    expect(retry.status).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
  })

  it('saves an error the operation answered (404) and replays it', async () => {
    const key = newKey()
    const call = () =>
      platform.call('deleteWebhookConfiguration', {
        params: { webhookConfigurationId: 'wcon_doesnotexist0000000000' },
        headers: { 'Idempotency-Key': key },
      })
    const first = await call()
    expect(first.status).toBe(404)
    expectReplayOf(await call(), first)
  })

  it('refuses a key that is empty, longer than 255 characters or not printable ASCII (400, location header)', async () => {
    for (const key of ['a'.repeat(256), 'clé-ü', 'tab\tkey']) {
      const result = await createHook(hookBody(7), key)
      expect(result.status, key).toBe(400)
      expect(result.body.details.errors[0]).toMatchObject({ location: 'header', field: 'Idempotency-Key' })
    }
  })

  it('keys belong to the principal: another shop’s API user with the same key runs its own request', async () => {
    const key = newKey()
    const mine = await createHook(hookBody(8), key)
    const theirs = await createHook(hookBody(8), key, platform.asOther)
    expect(theirs.status).toBe(200)
    expect(theirs.headers['idempotent-replayed']).toBeUndefined()
    expect(theirs.body.id).not.toBe(mine.body.id)
  })

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request runs; after 60 s it counts as abandoned and runs', async () => {
    // The first request is "running" on another node: its row is claimed and never completed.
    const key = newKey()
    const body = hookBody(9)
    const service = createIdempotencyService({ db, clock: platform.clock })
    const running = await service.begin({
      principalKey: `api-user:${await apiUserIdOf(platform.demo.apiUser.username)}`,
      key,
      fingerprint: requestFingerprint('POST', '/open-api/v1.0/webhooks', {}, body),
      owner: 'req_other_node',
    })
    expect(running.kind).toBe('run')
    const before = await hookCount(platform.demo.id)
    const busy = await createHook(body, key)
    expect(busy.status).toBe(409)
    expect(busy.body.code).toBe('IDEMPOTENCY_KEY_IN_USE')
    expect(await hookCount(platform.demo.id)).toBe(before)

    await platform.clock.advance(idempotencyAbandonAfterMs)
    const taken = await createHook(body, key)
    expect(taken.status).toBe(200)
    expect(await hookCount(platform.demo.id)).toBe(before + 1)
    // The abandoned owner can no longer complete the key: the answer saved is the one that ran here.
    await service.complete(
      {
        principalKey: `api-user:${await apiUserIdOf(platform.demo.apiUser.username)}`,
        key,
        fingerprint: '',
        owner: 'req_other_node',
      },
      { status: 500, headers: {}, body: 'stale' },
    )
    expectReplayOf(await createHook(body, key), taken)
  })

  it('two concurrent requests with one key: one runs, the other is refused 409 or replays; one resource', async () => {
    const key = newKey()
    const before = await hookCount(platform.demo.id)
    const results = await Promise.all([createHook(hookBody(10), key), createHook(hookBody(10), key)])
    expect(results.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]))
    for (const result of results) expect([200, 409]).toContain(result.status)
    expect(await hookCount(platform.demo.id)).toBe(before + 1)
  })

  it('forgets a key after 24 h (and prunes it): the same key then runs a new request', async () => {
    const key = newKey()
    const first = await createHook(hookBody(11), key)
    await platform.clock.advance(idempotencyRetentionMs - 1_000)
    expectReplayOf(await createHook(hookBody(11), key), first)
    await platform.clock.advance(2_000)
    const fresh = await createHook(hookBody(11), key)
    expect(fresh.status).toBe(200)
    expect(fresh.headers['idempotent-replayed']).toBeUndefined()
    expect(fresh.body.id).not.toBe(first.body.id)

    // Pruning: a minute later, any request with a key deletes rows older than 24 h.
    const old = await createHook(hookBody(12), newKey())
    expect(old.status).toBe(200)
    await platform.clock.advance(idempotencyRetentionMs + 60_000)
    await createHook(hookBody(13), newKey())
    const left = await db.selectFrom('idempotency_keys').select('idempotency_key').execute()
    expect(left.map((row) => row.idempotency_key)).toHaveLength(1)
  })
})

describe('Idempotency-Key on storefront cart writes', () => {
  it('a retried add with the same key adds once and replays the cart', async () => {
    const auth: Auth = { storefrontToken: platform.demo.storefrontToken }
    const variant = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select('v.id')
      .where('v.shop_id', '=', platform.demo.id)
      .where('p.access', '!=', 'ARCHIVED')
      .where('p.state', '=', 'AVAILABLE')
      .where('v.stock_type', '=', 'UNLIMITED')
      .executeTakeFirstOrThrow()
    const cart = await platform.call('createCart', { auth, body: { items: [] } })
    expect(cart.status).toBe(200)
    const key = newKey()
    const add = () =>
      platform.call('addCartItems', {
        auth,
        params: { cartId: cart.body.id },
        body: { items: [{ variantId: variant.id, quantity: 2 }] },
        headers: { 'Idempotency-Key': key },
      })
    const first = await add()
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expectReplayOf(await add(), first)
    const read = await platform.call('getCart', { auth, params: { cartId: cart.body.id } })
    expect(read.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([2])
  })
})

describe('the saved answer commits with its effect (issue 17)', () => {
  /** Makes saving any answer fail, as a crash between the effect and its receipt would. */
  async function failSavingAnswers(on: boolean) {
    const dialect = platform.app.platform.database.dialect
    if (dialect === 'sqlite') {
      await sql
        .raw(
          on
            ? `create trigger fail_saving_answers before update on idempotency_keys begin select raise(abort, 'injected failure'); end`
            : 'drop trigger fail_saving_answers',
        )
        .execute(db)
      return
    }
    if (on) {
      await sql
        .raw(`create function fail_saving_answers() returns trigger language plpgsql as $$
          begin raise exception 'injected failure'; end $$`)
        .execute(db)
      await sql
        .raw(
          'create trigger fail_saving_answers before update on idempotency_keys for each row execute function fail_saving_answers()',
        )
        .execute(db)
    } else {
      await sql.raw('drop trigger fail_saving_answers on idempotency_keys').execute(db)
      await sql.raw('drop function fail_saving_answers()').execute(db)
    }
  }

  it('when the answer cannot be saved, the effect is rolled back and a retry with the key creates exactly one', async () => {
    const before = await hookCount(platform.demo.id)
    const key = newKey()
    await failSavingAnswers(true)
    let failed: CallResult
    try {
      failed = await createHook(hookBody(901), key)
    } finally {
      await failSavingAnswers(false)
    }
    expect(failed.status).toBe(500)
    // Nothing of the effect survived: no configuration, no event recorded for it.
    expect(await hookCount(platform.demo.id)).toBe(before)

    const retry = await createHook(hookBody(901), key)
    expect(retry.status).toBe(200)
    expect(retry.headers['idempotent-replayed']).toBeUndefined()
    expect(await hookCount(platform.demo.id)).toBe(before + 1)
    const replay = await createHook(hookBody(901), key)
    expectReplayOf(replay, retry)
    expect(await hookCount(platform.demo.id)).toBe(before + 1)
  })

  it('a refusal saved as the answer (409) keeps nothing of the failed write', async () => {
    const created = await platform.call('createPromotion', {
      body: {
        type: 'SHOP_SINGLE',
        code: 'ONCE-ONLY-17',
        discount: { type: 'PERCENTAGE', percentage: 10, shippingOption: 'Excluded' },
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const count = async () =>
      (await db.selectFrom('promotions').select('id').where('shop_id', '=', platform.demo.id).execute()).length
    const before = await count()
    const key = newKey()
    const body = {
      type: 'SHOP_SINGLE',
      code: 'once-only-17',
      discount: { type: 'PERCENTAGE', percentage: 5, shippingOption: 'Excluded' },
    }
    const conflict = await platform.call('createPromotion', { body, headers: { 'Idempotency-Key': key } })
    expect(conflict.status).toBe(409)
    const replay = await platform.call('createPromotion', { body, headers: { 'Idempotency-Key': key } })
    expectReplayOf(replay, conflict)
    expect(await count()).toBe(before)
  })
})
