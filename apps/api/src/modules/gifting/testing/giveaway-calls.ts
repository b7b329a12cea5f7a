import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, expect } from 'vitest'
import type { ProductsTable } from '../../../db/schema.js'
import { compileSchema } from '../../../http/validation.js'
import { type Auth, authHeaders, createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { connect, registerClient, signInAdmin } from '../../platform-apps/testing/oauth-harness.js'

// What the giveaway suites (giveaways.routes.test.ts, giveaways.finishing.test.ts) share. The `let`s
// are live bindings: `setUpGiveawayCalls()` fills them before the tests run.

/**
 * The beta giveaway operations, called the way the platform's example apps call them: plain
 * `fetch`-style requests to `/open-api/v1.0/giveaways/giveaways` and `…/{id}/finish/twitch` with a
 * bearer token of an app granted `giveaway_write webhook_write offer_read` (or an API user's basic
 * auth), bodies `{offerId, quantity}` and `{participants: [{userId, userName}]}`. Every answer is
 * also checked against the contract (`checked`).
 */

export let platform: TestPlatform
export let product: ProductsTable
/** The example apps' token: `giveaway_write webhook_write offer_read`. */
export let appToken = ''
/** A token of an app granted everything the example asks for except `giveaway_write`. */
export let noGiveawayToken = ''

export const services = () => platform.app.platform.services
export const db = () => services().db
export const createPath = '/open-api/v1.0/giveaways/giveaways'
export const finishPath = (id: string) => `/open-api/v1.0/giveaways/giveaways/${encodeURIComponent(id)}/finish/twitch`

export const address = {
  'shipping.name': 'Pixel Pirate',
  'shipping.address1': '1 Main St',
  'shipping.city': 'Austin',
  'shipping.state': 'TX',
  'shipping.zip': '78701',
  'shipping.country': 'US',
}

/** A request as the example apps send it, the answer validated against the contract. */
export async function send(method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, body?: unknown, headers = {}) {
  await platform.clock.advance(100) // keeps every grant well inside its rate limit
  const response = await platform.app.inject({
    method,
    url,
    headers: {
      ...authHeaders(auth),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
  if (url.startsWith(createPath))
    checked(response, url.endsWith('/finish/twitch') ? 'finishGiveaway' : 'createGiveaway')
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON bodies, validated above.
  return { status: response.statusCode, body: response.json() as any, headers: response.headers }
}

/** Fails when an answer breaks the operation's documented response schema. */
export function checked(response: LightMyRequestResponse, operationId: string): void {
  const operation = platform.operation(operationId)
  const schema = operation.responses[String(response.statusCode)]
  expect(schema, `${operationId} documents ${response.statusCode}`).toBeDefined()
  const validate = compileSchema(schema as Record<string, unknown>)
  expect(validate(response.json()), JSON.stringify(validate.errors)).toBe(true)
}

export const bearer = (): Auth => ({ bearer: appToken })

export async function create(body: unknown, auth: Auth = bearer()) {
  const result = await platform.call('createGiveaway', { body, auth })
  return result
}

export async function finish(id: string, participants: unknown, auth: Auth = bearer()) {
  return platform.call('finishGiveaway', { params: { id }, body: { participants }, auth })
}

export async function eventsAbout(giveawayId: string) {
  const rows = await db().selectFrom('events').selectAll().orderBy('created_at').execute()
  return rows
    .map((row) => ({ type: row.type, shopId: row.shop_id, data: JSON.parse(row.data) }))
    .filter((event) => event.data.giveawayId === giveawayId || event.data.id === giveawayId)
}

export async function variantId(): Promise<string> {
  const variant = await db()
    .selectFrom('variants')
    .select('id')
    .where('product_id', '=', product.id)
    .orderBy('position')
    .executeTakeFirstOrThrow()
  return variant.id
}

export async function redeem(giftId: string, email: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: `/gifts/api/${giftId}/redeem`,
    payload: { variantId: await variantId(), email, ...address },
  })
  return { status: response.statusCode, body: response.json() }
}

export async function giftsOf(giveawayId: string) {
  return db().selectFrom('gifts').selectAll().where('gift_purchase_id', '=', giveawayId).orderBy('position').execute()
}

/** Registers the suite's hooks in the calling test file. */
export function setUpGiveawayCalls(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    // A public, available product with only unlimited variants (redemptions never run out here).
    const candidates = await db()
      .selectFrom('products')
      .selectAll()
      .where('shop_id', '=', platform.demo.id)
      .where('access', '=', 'PUBLIC')
      .where('state', '=', 'AVAILABLE')
      .orderBy('created_at')
      .execute()
    for (const candidate of candidates) {
      const limited = await db()
        .selectFrom('variants')
        .select('id')
        .where('product_id', '=', candidate.id)
        .where('stock_type', '=', 'LIMITED')
        .executeTakeFirst()
      if (!limited) {
        product = candidate
        break
      }
    }
    expect(product).toBeDefined()
    const admin = await signInAdmin(platform)
    const example = await registerClient(platform, {
      name: 'Streaming Gifting',
      scopes: ['giveaway_write', 'webhook_write', 'offer_read'],
    })
    appToken = (await connect(platform, example, admin)).access_token
    const without = await registerClient(platform, { name: 'No giveaways', scopes: ['webhook_write', 'offer_read'] })
    noGiveawayToken = (await connect(platform, without, admin)).access_token
  })
  afterAll(() => platform.close())
}
