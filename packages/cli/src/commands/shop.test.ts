import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { recordRunningServer } from '@fanshelf/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'
import { serveInstall } from '../testing/served-install.js'

/**
 * `fanshelf shop` as an operator runs it beside a server with no demo data (SEED_DEMO=false): the
 * shop and its owner are created, the printed link (pointing at the running server) sets the
 * owner's password in the browser's way, and the owner runs the shop's people from there.
 */

const savedEnv = { ...process.env }
let root: string
let server: Awaited<ReturnType<typeof serveInstall>>

async function cli(args: string[]) {
  const c = capture()
  const code = await run(args, c.io)
  return { code, out: c.out, err: c.err }
}

/** What a browser does with a one-time link: open the form, post a password, keep the session cookie. */
async function setPassword(url: string, password: string) {
  const page = await fetch(url)
  const html = await page.text()
  if (page.status !== 200) return { status: page.status, html, cookie: undefined }
  const formCookie = (page.headers.get('set-cookie') ?? '').split(';')[0] as string
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? ''
  const posted = await fetch(`${server.origin}/admin/set-password`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: formCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrf_token: field('csrf_token'),
      token: field('token'),
      password,
      password_confirmation: password,
    }),
  })
  const cookie = posted.headers
    .getSetCookie()
    .find((c) => c.startsWith('fanshelf_admin_session='))
    ?.split(';')[0]
  return { status: posted.status, html: await posted.text(), cookie }
}

async function admin(cookie: string) {
  const session = await fetch(`${server.origin}/admin/api/session`, { headers: { cookie } })
  const body = (await session.json()) as { csrfToken: string; user: { role: string; email: string } }
  const call = async (method: string, pathname: string, payload?: unknown) => {
    const response = await fetch(`${server.origin}${pathname}`, {
      method,
      headers: {
        cookie,
        'x-csrf-token': body.csrfToken ?? '',
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    })
    const text = await response.text()
    return { status: response.status, body: text ? JSON.parse(text) : undefined }
  }
  return { status: session.status, user: body.user, call }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cli-shop-'))
  process.env.DATABASE_URL = ''
  process.env.SECRET_KEY = ''
  process.env.SMTP_URL = ''
  process.env.ROLES = 'api'
  process.env.LOG_LEVEL = 'silent'
  process.env.SEED_DEMO = 'false'
  server = await serveInstall(root, false)
  recordRunningServer(root, { publicUrl: server.origin })
})

afterAll(async () => {
  await server.app.close()
  process.env = savedEnv
  fs.rmSync(root, { recursive: true, force: true })
})

describe('fanshelf shop', () => {
  it('creates a shop whose owner sets a password through the link, invites staff, changes roles and removes', async () => {
    const created = await cli([
      'shop',
      'create',
      '--name',
      'Cedar & Pine',
      '--domain',
      'shop.cedarpine.example',
      '--currency',
      'eur',
      '--owner-email',
      'Owner@CedarPine.example',
    ])
    expect(created.err).toBe('')
    expect(created.code).toBe(0)
    expect(created.out).toContain('Created shop "Cedar & Pine"')
    const link = /(http\S+\/admin\/set-password\?token=fsal_\S+)/.exec(created.out)?.[1] as string
    expect(link.startsWith(`${server.origin}/admin/set-password?token=`)).toBe(true)

    const owner = await setPassword(link, 'the owner’s long password')
    expect(owner.status).toBe(303)
    const ownerAdmin = await admin(owner.cookie as string)
    expect(ownerAdmin.user).toMatchObject({ email: 'owner@cedarpine.example', role: 'SUPER_ADMIN' })
    expect((await ownerAdmin.call('GET', '/admin/api/shop')).body).toMatchObject({
      name: 'Cedar & Pine',
      domain: 'shop.cedarpine.example',
      currency: 'EUR',
    })
    expect((await setPassword(link, 'a second try at it')).status).toBe(410)

    const signIn = await fetch(`${server.origin}/admin/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@cedarpine.example', password: 'the owner’s long password' }),
    })
    expect(signIn.status).toBe(200)

    const invited = await ownerAdmin.call('POST', '/admin/api/people', {
      email: 'staff@cedarpine.example',
      role: 'STAFF',
    })
    expect(invited.status).toBe(201)
    // The server answers links on its PUBLIC_URL (here the default port; it listens on a free one).
    const invitation = new URL(invited.body.invitation.url)
    expect(invitation.pathname).toBe('/admin/set-password')
    const staffLink = await setPassword(
      `${server.origin}${invitation.pathname}${invitation.search}`,
      'staff member password',
    )
    expect(staffLink.status).toBe(303)
    const staff = await admin(staffLink.cookie as string)
    expect(staff.user.role).toBe('STAFF')
    expect((await staff.call('GET', '/admin/api/people')).status).toBe(403)
    expect((await staff.call('GET', '/admin/api/products')).status).toBe(200)

    const staffId = invited.body.person.id as string
    expect((await ownerAdmin.call('PUT', `/admin/api/people/${staffId}/role`, { role: 'SUPER_ADMIN' })).status).toBe(
      200,
    )
    expect((await staff.call('GET', '/admin/api/people')).status).toBe(200)
    expect((await ownerAdmin.call('DELETE', `/admin/api/people/${staffId}`)).status).toBe(204)
    expect((await staff.call('GET', '/admin/api/session')).status).toBe(401)

    const list = await cli(['shop', 'list', '--json'])
    expect(JSON.parse(list.out)).toEqual([
      expect.objectContaining({
        name: 'Cedar & Pine',
        domain: 'shop.cedarpine.example',
        currency: 'EUR',
        ownerEmail: 'owner@cedarpine.example',
        people: 1,
      }),
    ])
    const table = await cli(['shop', 'list'])
    expect(table.out).toMatch(/^ID\s+NAME\s+DOMAIN\s+CURRENCY\s+OWNER\s+PEOPLE\n/)
    expect(table.out).toContain('owner@cedarpine.example')
  })

  it('names each refused field and rule and writes nothing', async () => {
    const before = JSON.parse((await cli(['shop', 'list', '--json'])).out).length
    const refused = await cli([
      'shop',
      'create',
      '--name',
      'Second',
      '--domain',
      'shop.cedarpine.example',
      '--currency',
      'XYZ',
      '--owner-email',
      'not-an-email',
    ])
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('nothing was created')
    expect(refused.err).toContain('--domain: shop.cedarpine.example is already a shop')
    expect(refused.err).toMatch(/--currency: currency must be one of USD, EUR.*\(rule enum\)/)
    expect(refused.err).toContain('--owner-email: ownerEmail must be an email address (rule format)')
    const taken = await cli([
      'shop',
      'create',
      '--name',
      'Third',
      '--domain',
      'third.example',
      '--currency',
      'USD',
      '--owner-email',
      'owner@cedarpine.example',
    ])
    expect(taken.err).toContain('--owner-email: owner@cedarpine.example already belongs to an admin (rule unique)')
    expect(JSON.parse((await cli(['shop', 'list', '--json'])).out)).toHaveLength(before)
    expect((await cli(['shop', 'create', '--name', 'x'])).code).toBe(2)
  })

  it('prints a password-reset link for an admin (the way back in without SMTP)', async () => {
    const issued = await cli(['shop', 'password-link', '--email', 'owner@cedarpine.example', '--json'])
    expect(issued.code).toBe(0)
    const { url } = JSON.parse(issued.out)
    expect((await setPassword(url, 'a recovered long password')).status).toBe(303)
    expect((await cli(['shop', 'password-link', '--email', 'nobody@example.com'])).code).toBe(1)
  })
})
