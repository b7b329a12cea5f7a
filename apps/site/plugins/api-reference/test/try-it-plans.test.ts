import { describe, expect, it } from 'vitest'
import type { TryItOperation } from '../lib/tryit-types.ts'
import { describeChange } from '../theme/TryIt/change-description.ts'
import { errorGuide, problemOf } from '../theme/TryIt/error-guide.ts'
import { describeOAuthSetup, oauthSetupOf, runOAuthSetup } from '../theme/TryIt/oauth-setup.ts'
import type { Call } from '../theme/TryIt/plan-inputs.ts'
import { initialDraft, isWrite, prepareBody, uniqueSuffix } from '../theme/TryIt/plans.ts'
import { runSetup, setupOf } from '../theme/TryIt/setups.ts'

const basic = [[{ scheme: 'basicAuth', kind: 'basic' as const, scopes: [] }]]
const op = (overrides: Partial<TryItOperation>): TryItOperation => ({
  operationId: 'x',
  summary: 'X',
  method: 'GET',
  path: '/x',
  basePath: '/open-api/v1.0',
  servers: [],
  parameters: [],
  security: basic,
  ...overrides,
})
const idempotency = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  type: 'string',
  array: false,
  example: '5f0c',
}
const context = {
  SHOP_NAME: 'Pixel Pines',
  PRODUCT_ID: 'prod-1',
  OFFER_ID: 'prod-1',
  PRODUCT_SLUG: 'tee',
  COLLECTION_SLUG: 'apparel',
  VARIANT_ID: 'var-1',
  OTHER_VARIANT_ID: 'var-2',
  ORDER_ID: 'ord-1',
  CART_ID: 'cart-1',
  WEBHOOK_CONFIGURATION_ID: 'wcon_seeded',
}

describe('try-it plans', () => {
  it('fills path parameters from the reader context by name, telling the two slugs apart', () => {
    const slug = { name: 'slug', in: 'path' as const, required: true, type: 'string', array: false, example: 'penguin' }
    expect(initialDraft(op({ path: '/products/{slug}', parameters: [slug] }), context, 'AB12').values).toEqual({
      'path:slug': 'tee',
    })
    expect(
      initialDraft(op({ path: '/collections/{slug}/products', parameters: [slug] }), context, 'AB12').values,
    ).toEqual({
      'path:slug': 'apparel',
    })
    // Without a context (a hosted copy of the docs): the contract's examples, as before.
    expect(initialDraft(op({ path: '/products/{slug}', parameters: [slug] }), undefined, 'AB12').values).toEqual({
      'path:slug': 'penguin',
    })
  })

  it('never points a destructive operation at a seeded object: the console creates one on send', () => {
    const configurationId = {
      name: 'webhookConfigurationId',
      in: 'path' as const,
      required: true,
      type: 'string',
      array: false,
      example: 'wcon_example',
    }
    const remove = op({
      operationId: 'deleteWebhookConfiguration',
      method: 'DELETE',
      path: '/webhooks/{webhookConfigurationId}',
      parameters: [configurationId, idempotency],
    })
    expect(initialDraft(remove, context, 'AB12').values['path:webhookConfigurationId']).toBe('')
    expect(setupOf('deleteWebhookConfiguration')).toMatchObject({ kind: 'webhookConfiguration', always: true })
    // Reading it uses the context's configuration.
    const read = op({
      operationId: 'getWebhookConfiguration',
      path: '/webhooks/{webhookConfigurationId}',
      parameters: [configurationId],
    })
    expect(initialDraft(read, context, 'AB12').values['path:webhookConfigurationId']).toBe('wcon_seeded')
    expect(isWrite(read, false)).toBe(false)
    expect(isWrite(read, true)).toBe(true)
    expect(isWrite(remove, false)).toBe(true)
    expect(describeChange(remove, { 'path:webhookConfigurationId': '' }, '', context)).toBe(
      'Deletes webhook configuration (created first) of shop Pixel Pines.',
    )
  })

  it('writes live ids into the body and names created objects uniquely', () => {
    const create = op({
      operationId: 'createPromotion',
      method: 'POST',
      path: '/promotions',
      body: {
        mediaType: 'application/json',
        required: true,
        example: JSON.stringify({ type: 'SHOP_SINGLE', title: 'Spring sale', code: 'SPRING15' }),
      },
    })
    const { body } = initialDraft(create, context, 'AB12')
    expect(JSON.parse(body)).toEqual({ type: 'SHOP_SINGLE', title: 'Try-it AB12', code: 'TRYITAB12' })
    expect(describeChange(create, {}, body, context)).toBe(
      'Creates a promotion “Try-it AB12” (code TRYITAB12) in shop Pixel Pines.',
    )
    const change = op({
      operationId: 'changeCartItems',
      method: 'POST',
      path: '/carts/{cartId}/change',
      body: {
        mediaType: 'application/json',
        required: true,
        example: JSON.stringify({
          items: [
            { variantId: 'ex-a', quantity: 3 },
            { variantId: 'ex-b', quantity: 0 },
          ],
        }),
      },
    })
    expect(JSON.parse(initialDraft(change, context, 'AB12').body)).toEqual({
      items: [
        { variantId: 'var-1', quantity: 3 },
        { variantId: 'var-2', quantity: 0 },
      ],
    })
    expect(uniqueSuffix(() => 0)).toBe('AAAA')
    expect(uniqueSuffix()).toMatch(/^[A-Z2-9]{4}$/)
  })

  it('creates the object a setup needs and answers its id, or says what failed', async () => {
    const calls: Array<[string, string, unknown, string]> = []
    const call: Call = async (method, path, body, auth) => {
      calls.push([method, path, body, auth])
      if (path.endsWith('/giveaways/giveaways')) return { status: 200, json: { id: 'giv_new', drawId: 'gdr_new' } }
      if (path === '/v1/carts') return { status: 200, json: { id: 'cart-new' } }
      return { status: 400, json: { code: 'WEBHOOK_URL_INVALID' } }
    }
    const finish = setupOf('finishGiftDraw')
    const cart = setupOf('removeCartItems')
    const webhook = setupOf('deleteWebhookConfiguration')
    if (!finish || !cart || !webhook) throw new Error('setups missing')
    await expect(runSetup(finish, context, 'AB12', call)).resolves.toBe('gdr_new')
    await expect(runSetup(cart, context, 'AB12', call)).resolves.toBe('cart-new')
    expect(calls[1]).toEqual([
      'POST',
      '/v1/carts',
      {
        items: [
          { variantId: 'var-1', quantity: 1 },
          { variantId: 'var-2', quantity: 1 },
        ],
        metadata: { source: 'try-it-AB12' },
      },
      'storefront',
    ])
    await expect(runSetup(webhook, context, 'AB12', call)).rejects.toThrow(
      'Creating a webhook configuration for the request failed (400 WEBHOOK_URL_INVALID).',
    )
  })

  it('fulfils a confirmed order other than the one the samples read, all its physical lines', async () => {
    const call: Call = async () => ({
      status: 200,
      json: {
        results: [
          { id: 'ord-1', offers: [{ variant: { id: 'v', quantity: 1, weight: { value: 1 } } }] },
          { id: 'ord-digital', offers: [{ variant: { id: 'v-d', quantity: 1 } }] },
          { id: 'ord-2', offers: [{ variant: { id: 'v-2', quantity: 2, weight: { value: 1 } } }] },
        ],
      },
    })
    const body = await prepareBody(op({ operationId: 'createFulfillment', method: 'POST' }), context, 'AB12', call)
    expect(JSON.parse(body ?? '{}')).toEqual({
      orderId: 'ord-2',
      items: [{ variantId: 'v-2', quantity: 2 }],
      shippingLabel: { trackingNumber: 'TRYITAB12', trackingCompany: 'UPS' },
    })
  })

  it('shows an error’s problem body and links the guide that explains it', () => {
    expect(problemOf('{"code":"UNAUTHENTICATED","message":"Bad credentials.","details":{"a":1}}')).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'Bad credentials.',
      details: { a: 1 },
    })
    expect(problemOf('{"error":"invalid_client","error_description":"Client authentication failed."}')).toEqual({
      code: 'invalid_client',
      message: 'Client authentication failed.',
    })
    expect(problemOf('not json')).toBeUndefined()
    expect(errorGuide(op({}), 401).href).toBe('/open-api/#authentication')
    expect(errorGuide(op({}), 429).href).toBe('/open-api/#rate-limits')
    expect(errorGuide(op({}), 422, 'IDEMPOTENCY_KEY_REUSED').href).toBe('/open-api/#idempotent-requests')
    expect(errorGuide(op({}), 404).href).toBe('/open-api/#errors')
    expect(errorGuide(op({ basePath: '/v1' }), 401).href).toBe('/storefront-api/#authentication-the-storefront-token')
    expect(errorGuide(op({ basePath: '/v1' }), 400).href).toBe('/storefront-api/#errors')
  })

  describe('the OAuth token endpoints with the demo platform app', () => {
    const oauth = {
      ...context,
      FANSHELF_CLIENT_ID: 'app_demo',
      FANSHELF_CLIENT_SECRET: 'fscs_demo',
      REDIRECT_URI: 'http://127.0.0.1:4100/',
      CODE: 'fsac_onload',
      CODE_VERIFIER: 'verifier-onload',
    }
    const tokenBody = (example: object) => ({
      mediaType: 'application/json',
      required: true,
      example: JSON.stringify(example),
    })
    const exchange = op({
      operationId: 'exchangePlatformToken',
      method: 'POST',
      path: '/platform/token',
      security: [],
      body: tokenBody({
        grant_type: 'refresh_token',
        refresh_token: 'fsrt_x',
        client_id: 'app_x',
        client_secret: 'cs',
      }),
    })
    const revoke = op({
      operationId: 'revokePlatformToken',
      method: 'POST',
      path: '/platform/revoke',
      security: [],
      body: tokenBody({ token: 'fsat_x', client_id: 'app_x', client_secret: 'cs' }),
    })
    /** The server: each GET of the demo credentials hands out a new code; the token endpoint answers tokens. */
    function server() {
      const calls: Array<[string, string, unknown, string]> = []
      let issued = 0
      const call: Call = async (method, path, body, auth) => {
        calls.push([method, path, body, auth])
        if (path === '/admin/api/demo-credentials') {
          issued++
          return {
            status: 200,
            json: {
              shopId: 'sh_1',
              platformApp: {
                clientId: 'app_demo',
                clientSecret: 'fscs_demo',
                redirectUri: 'http://127.0.0.1:4100/',
                code: `fsac_${issued}`,
                codeVerifier: `verifier-${issued}`,
              },
            },
          }
        }
        if (path === '/open-api/v1.0/platform/token') return { status: 200, json: { access_token: 'fsat_new' } }
        return { status: 404, json: {} }
      }
      return { calls, call }
    }

    it('opens with the guides’ code exchange of the demo app, and a revocation of a token it gets first', () => {
      expect(JSON.parse(initialDraft(exchange, oauth, 'AB12').body)).toEqual({
        grant_type: 'authorization_code',
        code: 'fsac_onload',
        redirect_uri: 'http://127.0.0.1:4100/',
        code_verifier: 'verifier-onload',
        client_id: 'app_demo',
        client_secret: 'fscs_demo',
      })
      expect(JSON.parse(initialDraft(revoke, oauth, 'AB12').body)).toEqual({
        token: '',
        token_type_hint: 'access_token',
        client_id: 'app_demo',
        client_secret: 'fscs_demo',
      })
      // Without the demo app (a hosted copy, or the app disconnected): the contract's example.
      expect(JSON.parse(initialDraft(exchange, context, 'AB12').body)).toMatchObject({ grant_type: 'refresh_token' })
      expect(oauthSetupOf('exchangePlatformToken')).toBe('authorizationCode')
      expect(oauthSetupOf('revokePlatformToken')).toBe('accessToken')
      expect(oauthSetupOf('introspectPlatformToken')).toBe('accessToken')
      expect(oauthSetupOf('getAuthorizationServerMetadata')).toBeUndefined()
    })

    it('fetches a fresh single-use code on every press, so a second press works too', async () => {
      const { calls, call } = server()
      const body = initialDraft(exchange, oauth, 'AB12').body
      const first = JSON.parse(await runOAuthSetup('authorizationCode', body, call))
      const second = JSON.parse(await runOAuthSetup('authorizationCode', JSON.stringify(first), call))
      expect(first).toMatchObject({ grant_type: 'authorization_code', code: 'fsac_1', code_verifier: 'verifier-1' })
      expect(second).toMatchObject({ code: 'fsac_2', code_verifier: 'verifier-2', client_secret: 'fscs_demo' })
      expect(calls.map(([method, path, , auth]) => `${method} ${path} ${auth}`)).toEqual([
        'GET /admin/api/demo-credentials none',
        'GET /admin/api/demo-credentials none',
      ])
    })

    it('revokes an access token it first gets by exchanging a fresh code', async () => {
      const { calls, call } = server()
      const body = await runOAuthSetup('accessToken', initialDraft(revoke, oauth, 'AB12').body, call)
      expect(JSON.parse(body)).toEqual({
        token: 'fsat_new',
        token_type_hint: 'access_token',
        client_id: 'app_demo',
        client_secret: 'fscs_demo',
      })
      expect(calls[1]).toEqual([
        'POST',
        '/open-api/v1.0/platform/token',
        {
          grant_type: 'authorization_code',
          code: 'fsac_1',
          redirect_uri: 'http://127.0.0.1:4100/',
          code_verifier: 'verifier-1',
          client_id: 'app_demo',
          client_secret: 'fscs_demo',
        },
        'none',
      ])
    })

    it('says what failed when the server hands out no code or refuses the exchange', async () => {
      const none: Call = async () => ({ status: 404, json: { code: 'NOT_FOUND' } })
      await expect(runOAuthSetup('authorizationCode', '{}', none)).rejects.toThrow(
        /handed out no authorization code for the demo platform app \(404\)/,
      )
      const { call } = server()
      const refusing: Call = async (method, path, body, auth) =>
        path.endsWith('/platform/token')
          ? { status: 400, json: { error: 'invalid_grant' } }
          : call(method, path, body, auth)
      await expect(runOAuthSetup('accessToken', '{}', refusing)).rejects.toThrow(
        'Exchanging a code for a token to use failed (400 invalid_grant).',
      )
    })

    it('asks first, saying what it creates and revokes', () => {
      expect(isWrite(exchange, false)).toBe(false)
      expect(isWrite(exchange, true)).toBe(true)
      expect(describeOAuthSetup('authorizationCode', oauth)).toBe(
        "First creates a fresh single-use authorization code of the demo platform app app_demo for shop Pixel Pines, as its super-admin's consent does. Then exchanges it: creates an access token and a refresh token of the app for shop Pixel Pines.",
      )
      expect(describeOAuthSetup('accessToken', oauth)).toMatch(/Then revokes that access token/)
    })
  })
})
