import fs from 'node:fs'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { consentUrl } from '../platform-apps/testing/oauth-harness.js'
import { adminApiDocument } from './admin-contract.js'
import type { RequestOptions } from './testing/admin-client.js'
import {
  anyAdminRoutes,
  app,
  auditLog,
  codeChallenge,
  expectForbidden,
  fill,
  owner,
  platform,
  registeredAdminRoutes,
  setUpAdminRolesCalls,
  staff,
  superAdminRoutes,
  unmatrixedRoutes,
  validateSession,
} from './testing/admin-roles-calls.js'

setUpAdminRolesCalls()

describe('the role matrix covers every admin route', () => {
  it('lists every route registered under /admin/api in this test, once', () => {
    const listed = [...anyAdminRoutes, ...superAdminRoutes, ...unmatrixedRoutes].map(([m, p]) => `${m} ${p}`).sort()
    expect(new Set(listed).size).toBe(listed.length)
    expect(registeredAdminRoutes()).toEqual(listed)
  })

  it('are exactly the operations admin-api.yaml describes', () => {
    const document = parse(fs.readFileSync(adminApiDocument, 'utf8')) as { paths: Record<string, object> }
    const described = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
      )
      .sort()
    expect(described).toEqual(registeredAdminRoutes())
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
        // The consent form carries the client (decision 0051: /oauth/authorize takes it in the form).
        client_id: app.app.clientId,
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
