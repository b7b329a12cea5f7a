import type { ValidateFunction } from 'ajv/dist/2020.js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compileSchema } from '../../http/validation.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import {
  consentFormFields,
  consentUrl,
  type OAuthClient,
  registerClient,
} from '../platform-apps/testing/oauth-harness.js'
import { loadAdminSchemas } from './admin-contract.js'
import type { AdminAction } from './admin-permissions.js'
import { type AdminClient, type AdminResponse, type RequestOptions, signInAdmin } from './testing/admin-client.js'

/**
 * Least privilege in the merchant admin (decision 0027). Every route of the admin backend is listed
 * here by method and path with the action it performs — not derived from the matrix, so a route
 * missing from the matrix (or a new route missing here) fails. STAFF are refused every credential,
 * webhook and app action with 403 FORBIDDEN naming the action and the role that may take it, and
 * change nothing; a super-admin succeeds, and each change leaves an audit entry that holds no secret.
 */

let platform: TestPlatform
let owner: AdminClient
let staff: AdminClient
let app: OAuthClient
let validateAuditPage: ValidateFunction
let validateSession: ValidateFunction

const codeChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

beforeAll(async () => {
  platform = await createTestPlatform()
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  staff = await signInAdmin(platform, 'STAFF')
  app = await registerClient(platform, { scopes: ['order_read'], name: 'Role Check App' })
  const schemas = await loadAdminSchemas()
  const schema = (name: string) => {
    const found = schemas[name]
    if (!found) throw new Error(`admin-api.yaml has no schema ${name}`)
    return found
  }
  validateAuditPage = compileSchema(schema('AdminAuditLogPage'))
  validateSession = compileSchema(schema('AdminSession'))
})
afterAll(() => platform.close())

type Route = readonly [method: string, path: string, action: AdminAction]

/** What STAFF keep: running the shop. */
const anyAdminRoutes: Route[] = [
  ['GET', '/admin/api/shop', 'shop.read'],
  ['GET', '/admin/api/shop-settings', 'shopSettings.read'],
  ['GET', '/admin/api/products', 'products.read'],
  ['GET', '/admin/api/products/:productId', 'products.read'],
  ['POST', '/admin/api/products', 'products.write'],
  ['PUT', '/admin/api/products/:productId', 'products.write'],
  ['PUT', '/admin/api/products/:productId/availability', 'products.write'],
  ['GET', '/admin/api/media', 'media.read'],
  ['POST', '/admin/api/media', 'media.upload'],
  ['GET', '/admin/api/promotions', 'promotions.read'],
  ['GET', '/admin/api/promotions/:promotionId', 'promotions.read'],
  ['POST', '/admin/api/promotions', 'promotions.write'],
  ['POST', '/admin/api/promotions/:promotionId/status', 'promotions.write'],
  ['GET', '/admin/api/membership-tiers', 'promotions.read'],
  ['GET', '/admin/api/orders', 'orders.read'],
  ['GET', '/admin/api/orders/:orderId', 'orders.read'],
  ['POST', '/admin/api/orders/:orderId/cancel', 'orders.write'],
  ['POST', '/admin/api/orders/:orderId/complete', 'orders.write'],
  ['POST', '/admin/api/fulfillments', 'fulfillments.write'],
  ['POST', '/admin/api/fulfillments/:fulfillmentId/advance', 'fulfillments.write'],
  ['GET', '/admin/api/gift-cards', 'giftCards.read'],
  ['POST', '/admin/api/gift-cards', 'giftCards.issue'],
  ['PUT', '/admin/api/password', 'password.change'],
]

/** Credentials, webhooks, connected apps and the audit log: the super-admin's. */
const superAdminRoutes: Route[] = [
  ['GET', '/admin/api/api-users', 'apiUsers.read'],
  ['POST', '/admin/api/api-users', 'apiUsers.create'],
  ['DELETE', '/admin/api/api-users/:apiUserId', 'apiUsers.delete'],
  ['GET', '/admin/api/storefront-token', 'storefrontToken.read'],
  ['POST', '/admin/api/storefront-token', 'storefrontToken.create'],
  ['POST', '/admin/api/storefront-token/regenerate', 'storefrontToken.regenerate'],
  ['DELETE', '/admin/api/storefront-token', 'storefrontToken.revoke'],
  ['GET', '/admin/api/webhook-secret', 'webhookSecret.reveal'],
  ['POST', '/admin/api/webhook-secret/rotate', 'webhookSecret.rotate'],
  ['GET', '/admin/api/webhooks', 'webhooks.read'],
  ['POST', '/admin/api/webhooks', 'webhooks.create'],
  ['GET', '/admin/api/webhooks/:webhookConfigurationId', 'webhooks.read'],
  ['PUT', '/admin/api/webhooks/:webhookConfigurationId', 'webhooks.update'],
  ['DELETE', '/admin/api/webhooks/:webhookConfigurationId', 'webhooks.delete'],
  ['POST', '/admin/api/webhooks/:webhookConfigurationId/test-events', 'webhooks.test'],
  ['GET', '/admin/api/webhooks/:webhookConfigurationId/events', 'webhooks.read'],
  ['GET', '/admin/api/webhook-events/:webhookEventId', 'webhooks.read'],
  ['POST', '/admin/api/webhook-events/:webhookEventId/replay', 'webhooks.replay'],
  ['GET', '/admin/api/platform-apps/connections', 'platformApps.read'],
  ['DELETE', '/admin/api/platform-apps/:appId/connection', 'platformApps.disconnect'],
  ['GET', '/admin/api/audit-log', 'auditLog.read'],
  ['GET', '/admin/api/people', 'people.read'],
  ['POST', '/admin/api/people', 'people.invite'],
  ['PUT', '/admin/api/people/:adminUserId/role', 'people.changeRole'],
  ['DELETE', '/admin/api/people/:adminUserId', 'people.remove'],
  ['PUT', '/admin/api/shop-settings', 'shopSettings.update'],
]

/** Outside the matrix: signing in and out (any admin), and the loopback-only demo credentials (no session). */
const unmatrixedRoutes = [
  ['GET', '/admin/api/session'],
  ['POST', '/admin/api/session'],
  ['DELETE', '/admin/api/session'],
  ['GET', '/admin/api/demo-credentials'],
  ['POST', '/admin/api/password-reset'],
] as const

/** Method and full path of every route registered under /admin/api, from Fastify's route tree. */
function registeredAdminRoutes(): string[] {
  const tree = platform.app.printRoutes({ commonPrefix: false })
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!match) continue
    const depth = Math.floor([...(match[1] as string)].length / 4)
    stack.length = depth
    const path = (stack[depth - 1] ?? '') + (match[2] as string)
    stack[depth] = path
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD' && m !== 'OPTIONS')) {
      if (path.startsWith('/admin/api/')) routes.push(`${method} ${path}`)
    }
  }
  return routes.sort()
}

function expectForbidden(response: AdminResponse, action: AdminAction) {
  expect(response.status, JSON.stringify(response.body)).toBe(403)
  expect(response.body.code).toBe('FORBIDDEN')
  expect(response.body.message).toContain(action)
  expect(response.body.message).toContain('SUPER_ADMIN')
  expect(response.body.message).toContain('STAFF')
  expect(response.body.details).toEqual({ action, role: 'STAFF', allowedRoles: ['SUPER_ADMIN'] })
}

/** A path with its parameters filled from `ids` (unknown ids stay syntactically valid). */
function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? '00000000-0000-4000-8000-000000000000')
}

async function auditLog(client: AdminClient, query?: Record<string, number>) {
  const response = await client.get('/admin/api/audit-log', query ? { query } : undefined)
  if (response.status === 200) {
    expect(validateAuditPage(response.body), JSON.stringify(validateAuditPage.errors)).toBe(true)
  }
  return response
}

describe('the role matrix covers every admin route', () => {
  it('lists every route registered under /admin/api in this test, once', () => {
    const listed = [...anyAdminRoutes, ...superAdminRoutes, ...unmatrixedRoutes].map(([m, p]) => `${m} ${p}`).sort()
    expect(new Set(listed).size).toBe(listed.length)
    expect(registeredAdminRoutes()).toEqual(listed)
  })

  it('answers each admin the actions of their role as `permissions` in the session', async () => {
    const [ownerSession, staffSession] = [await owner.get('/admin/api/session'), await staff.get('/admin/api/session')]
    for (const response of [ownerSession, staffSession]) {
      expect(validateSession(response.body), JSON.stringify(validateSession.errors)).toBe(true)
    }
    // `password.reset` is taken on the set-password page (a one-time link), not on an /admin/api route.
    const staffActions = new Set([...anyAdminRoutes.map(([, , action]) => action), 'password.reset'])
    expect(new Set(staffSession.body.permissions)).toEqual(staffActions)
    expect(new Set(ownerSession.body.permissions)).toEqual(
      new Set([...staffActions, ...superAdminRoutes.map(([, , action]) => action), 'platformApps.approve']),
    )
  })
})

describe('STAFF', () => {
  it('are refused every credential, webhook, app and audit-log route with 403 FORBIDDEN naming the action', async () => {
    // Real targets, so a refusal is the role's and not a 404.
    const apiUser = await owner.post('/admin/api/api-users', { label: 'target' })
    const webhook = await owner.post('/admin/api/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      allowedTypes: ['DONATION'],
    })
    const event = await owner.post(`/admin/api/webhooks/${webhook.body.id}/test-events`, { type: 'DONATION' })
    const ids = { apiUserId: apiUser.body.id, webhookConfigurationId: webhook.body.id, webhookEventId: event.body.id }
    const before = {
      secret: (await owner.get('/admin/api/webhook-secret')).body,
      token: (await owner.get('/admin/api/storefront-token')).body,
      users: (await owner.get('/admin/api/api-users')).body.total,
      webhooks: (await owner.get('/admin/api/webhooks')).body,
      audit: (await auditLog(owner)).body.total,
    }
    const bodies: Record<string, unknown> = {
      'POST /admin/api/api-users': { label: 'sneaky' },
      'POST /admin/api/webhook-secret/rotate': { graceHours: 0 },
      'POST /admin/api/webhooks': { url: 'http://127.0.0.1:9/staff', allowedTypes: ['ORDER_PLACED'] },
      'PUT /admin/api/webhooks/:webhookConfigurationId': {
        url: 'http://127.0.0.1:9/staff',
        allowedTypes: ['ORDER_PLACED'],
      },
      'POST /admin/api/webhooks/:webhookConfigurationId/test-events': { type: 'DONATION' },
    }
    for (const [method, path, action] of superAdminRoutes) {
      const response = await staff.request(method, fill(path, ids), { body: bodies[`${method} ${path}`] })
      expectForbidden(response, action)
      expect(JSON.stringify(response.body)).not.toContain(before.secret.secret)
    }

    expect((await owner.get('/admin/api/webhook-secret')).body).toEqual(before.secret)
    expect((await owner.get('/admin/api/storefront-token')).body).toEqual(before.token)
    expect((await owner.get('/admin/api/api-users')).body.total).toBe(before.users)
    expect((await owner.get('/admin/api/webhooks')).body).toEqual(before.webhooks)
    // Only the owner's own reveals above were added: nothing on behalf of STAFF.
    const after = await auditLog(owner, { size: 100 })
    expect(after.body.results.filter((e: { actor: { email: string } }) => e.actor.email === staff.email)).toEqual([])
    expect(after.body.total).toBe(before.audit + 1)
  })

  it('are refused whatever the body or id: the role is checked before anything else', async () => {
    expectForbidden(await staff.post('/admin/api/webhooks', { url: 'not a url' }), 'webhooks.create')
    expectForbidden(await staff.delete('/admin/api/api-users/apiu_unknown'), 'apiUsers.delete')
    expectForbidden(await staff.get('/admin/api/audit-log', { query: { size: 0 } }), 'auditLog.read')
  })

  it('still need the CSRF token: a mutation without it is 403 CSRF_TOKEN_INVALID, not a role answer', async () => {
    const response = await staff.post('/admin/api/webhook-secret/rotate', {}, { csrf: false })
    expect(response.status).toBe(403)
    expect(response.body.code).toBe('CSRF_TOKEN_INVALID')
  })

  it('keep every shop route (never a role refusal), and stock the media library', async () => {
    const image = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#1f5c3a' } })
      .png()
      .toBuffer()
    const requests: Record<string, RequestOptions> = {
      // An upload is the file itself as the body, its name in the query.
      'POST /admin/api/media': { body: image, contentType: 'image/png', query: { name: 'staff-upload.png' } },
    }
    for (const [method, path] of anyAdminRoutes) {
      const options = requests[`${method} ${path}`] ?? { body: method === 'GET' ? undefined : {} }
      const response = await staff.request(method, fill(path, {}), options)
      expect(response.body?.code, `${method} ${path}`).not.toBe('FORBIDDEN')
      expect([200, 201, 400, 404, 409], `${method} ${path}`).toContain(response.status)
    }
    const library = await owner.get('/admin/api/media', { query: { search: 'staff-upload' } })
    expect(library.body.results.map((file: { name: string }) => file.name)).toEqual(['staff-upload.png'])
  })

  it('cannot connect a platform app: the consent page says so, and an approval is refused without a code', async () => {
    const url = consentUrl(app, { state: 'staff', codeChallenge })
    const page = await platform.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { cookie: staff.cookie },
    })
    expect(page.statusCode).toBe(403)
    expect(page.body).toContain('Only a super-admin can connect Role Check App')
    expect(page.body).not.toContain('value="approve"')

    const codes = () => platform.app.platform.services.db.selectFrom('platform_app_codes').select('code_hash').execute()
    const before = (await codes()).length
    const approval = await platform.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { cookie: staff.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        csrf_token: staff.csrfToken,
        redirect_uri: app.app.redirectUris[0] as string,
        state: 'staff',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        decision: 'approve',
      }).toString(),
    })
    expect(approval.statusCode).toBe(403)
    expect(approval.headers.location).toBeUndefined()
    expect(approval.body).toContain('Only a super-admin')
    expect((await codes()).length).toBe(before)
  })
})

describe('a super-admin', () => {
  it('takes every action (2xx), and each change is in the audit log, newest first, with no secret in it', async () => {
    const secrets: string[] = []
    const expected: { action: AdminAction; targetId: string }[] = []
    const ok = (response: AdminResponse, status: number) => {
      expect(response.status, JSON.stringify(response.body)).toBe(status)
      return response.body
    }

    // API users
    const user = ok(await owner.post('/admin/api/api-users', { label: 'audited' }), 201)
    secrets.push(user.password)
    expected.push({ action: 'apiUsers.create', targetId: user.id })
    ok(await owner.get('/admin/api/api-users'), 200)
    ok(await owner.delete(`/admin/api/api-users/${user.id}`), 204)
    expected.push({ action: 'apiUsers.delete', targetId: user.id })

    // Storefront token
    const shown = ok(await owner.get('/admin/api/storefront-token'), 200)
    secrets.push(shown.token.value)
    const regenerated = ok(await owner.post('/admin/api/storefront-token/regenerate'), 200)
    secrets.push(regenerated.token.value)
    expected.push({ action: 'storefrontToken.regenerate', targetId: regenerated.token.id })
    ok(await owner.delete('/admin/api/storefront-token'), 204)
    expected.push({ action: 'storefrontToken.revoke', targetId: regenerated.token.id })
    const created = ok(await owner.post('/admin/api/storefront-token'), 200)
    secrets.push(created.token.value)
    expected.push({ action: 'storefrontToken.create', targetId: created.token.id })
    // Asking again answers the same token and changes nothing: no entry.
    expect(ok(await owner.post('/admin/api/storefront-token'), 200).token.id).toBe(created.token.id)

    // Webhook secret
    const revealed = ok(await owner.get('/admin/api/webhook-secret'), 200)
    secrets.push(revealed.secret)
    expected.push({ action: 'webhookSecret.reveal', targetId: platform.demo.id })
    const rotated = ok(await owner.post('/admin/api/webhook-secret/rotate', { graceHours: 1 }), 200)
    secrets.push(rotated.secret)
    expected.push({ action: 'webhookSecret.rotate', targetId: platform.demo.id })

    // Webhook configurations, test events, the delivery log and replays
    const webhook = ok(
      await owner.post('/admin/api/webhooks', { url: 'http://127.0.0.1:9/audited', allowedTypes: ['DONATION'] }),
      201,
    )
    expected.push({ action: 'webhooks.create', targetId: webhook.id })
    ok(await owner.get('/admin/api/webhooks'), 200)
    ok(await owner.get(`/admin/api/webhooks/${webhook.id}`), 200)
    ok(
      await owner.put(`/admin/api/webhooks/${webhook.id}`, {
        url: 'http://127.0.0.1:9/audited-2',
        allowedTypes: ['DONATION', 'ORDER_PLACED'],
      }),
      200,
    )
    expected.push({ action: 'webhooks.update', targetId: webhook.id })
    const event = ok(await owner.post(`/admin/api/webhooks/${webhook.id}/test-events`, { type: 'DONATION' }), 201)
    ok(await owner.get(`/admin/api/webhooks/${webhook.id}/events`), 200)
    ok(await owner.get(`/admin/api/webhook-events/${event.id}`), 200)
    ok(await owner.post(`/admin/api/webhook-events/${event.id}/replay`), 200)
    ok(await owner.delete(`/admin/api/webhooks/${webhook.id}`), 204)
    expected.push({ action: 'webhooks.delete', targetId: webhook.id })

    // Platform apps: consent (the server-rendered page), list, disconnect
    const url = consentUrl(app, { state: 'owner', codeChallenge })
    const page = await platform.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { cookie: owner.cookie },
    })
    expect(page.statusCode).toBe(200)
    const approval = await platform.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { cookie: owner.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...consentFormFields(page.body), decision: 'approve' }).toString(),
    })
    expect(approval.statusCode).toBe(303)
    const code = new URL(String(approval.headers.location)).searchParams.get('code')
    expect(code).toBeTruthy()
    secrets.push(code as string)
    const appId = app.app.clientId
    expected.push({ action: 'platformApps.approve', targetId: appId })
    const connections = ok(await owner.get('/admin/api/platform-apps/connections'), 200)
    expect(connections.results.map((c: { appId: string }) => c.appId)).toContain(appId)
    ok(await owner.delete(`/admin/api/platform-apps/${appId}/connection`), 204)
    expected.push({ action: 'platformApps.disconnect', targetId: appId })

    const log = await auditLog(owner, { size: expected.length })
    expect(log.status).toBe(200)
    expect(log.body.results.map((e: { action: string; targetId: string }) => [e.action, e.targetId])).toEqual(
      expected.reverse().map((e) => [e.action, e.targetId]),
    )
    for (const entry of log.body.results) {
      expect(entry.actor).toEqual({ adminUserId: expect.stringMatching(/^adm_/), email: owner.email })
      expect(entry.createdAt).toBe(new Date(platform.clock.now()).toISOString())
    }
    const everything = JSON.stringify((await auditLog(owner, { size: 100 })).body)
    for (const secret of secrets) expect(everything).not.toContain(secret)
    expect(everything).not.toContain('whsec_')
  })

  it('pages the audit log newest first, and sees only their own shop’s', async () => {
    await platform.clock.advance(1_000)
    await owner.post('/admin/api/webhook-secret/rotate', { graceHours: 0 })
    const first = await auditLog(owner, { size: 2, page: 0 })
    const second = await auditLog(owner, { size: 2, page: 1 })
    expect(first.body).toMatchObject({ page: 0, size: 2 })
    expect(first.body.results[0]).toMatchObject({
      action: 'webhookSecret.rotate',
      description: 'rotate the webhook signing secret',
      createdAt: new Date(platform.clock.now()).toISOString(),
    })
    expect(first.body.totalPages).toBe(Math.ceil(first.body.total / 2))
    const ids = [...first.body.results, ...second.body.results].map((e: { id: string }) => e.id)
    expect(new Set(ids).size).toBe(4)
    expect((await auditLog(owner, { size: 101 })).status).toBe(400)

    const other = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
    const otherLog = await auditLog(other)
    expect(otherLog.body.total).toBe(0)
  })

  it('records nothing when the change fails: a refused webhook URL leaves no entry', async () => {
    const before = (await auditLog(owner)).body.total
    const refused = await owner.post('/admin/api/webhooks', {
      url: 'http://10.0.0.1/hooks',
      allowedTypes: ['DONATION'],
    })
    expect(refused.status).toBe(400)
    const missing = await owner.delete('/admin/api/webhooks/wcon_doesnotexist0000000000')
    expect(missing.status).toBe(404)
    expect((await auditLog(owner)).body.total).toBe(before)
  })
})
