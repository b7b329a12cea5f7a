import { describe, expect, it } from 'vitest'
import { consentFormFields, consentUrl } from '../platform-apps/testing/oauth-harness.js'
import type { AdminAction } from './admin-permissions.js'
import { type AdminResponse, signInAdmin } from './testing/admin-client.js'
import { app, auditLog, codeChallenge, owner, platform, setUpAdminRolesCalls } from './testing/admin-roles-calls.js'

setUpAdminRolesCalls()

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
