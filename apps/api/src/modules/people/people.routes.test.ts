import { Writable } from 'node:stream'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../http/contract.js'
import { compileSchema } from '../../http/validation.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { loadAdminSchemas } from '../admin/admin-contract.js'
import { type AdminClient, signInAdmin } from '../admin/testing/admin-client.js'
import { resetAcceptedMessage } from './people.mapper.js'
import { linkFailuresPerAddress, resetRequestsPerEmail } from './people-policy.js'
import { mailHeader, mailText, startSmtpReceiver } from './testing/smtp-receiver.js'

/**
 * A shop's people through HTTP (decision 0035): invitations by one-time link, roles, removal, one's
 * own password and "Forgot password?", on the demo shops; the links work once, expire on the
 * (manual) clock and are throttled; another shop's super-admin cannot touch this shop's people.
 */

type Page = { statusCode: number; body: string; headers: Record<string, unknown> }

/** A browser's visit to the set-password link: its form's CSRF cookie and fields. */
async function openLink(platform: TestPlatform, url: string, ip = '203.0.113.7'): Promise<Page & { cookie?: string }> {
  const target = new URL(url)
  const page = await platform.app.inject({ method: 'GET', url: target.pathname + target.search, remoteAddress: ip })
  const cookie = [page.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('fanshelf_admin_password_form='))
    ?.split(';')[0]
  return { statusCode: page.statusCode, body: page.body, headers: page.headers, cookie }
}

function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`No hidden field ${name} in ${html.slice(0, 500)}`)
  return match[1] as string
}

/** Opens the link and submits a password: answers the POST (303 + session cookie on success). */
async function setPassword(
  platform: TestPlatform,
  url: string,
  password: string,
  repeat = password,
  ip = '203.0.113.7',
) {
  const page = await openLink(platform, url, ip)
  if (page.statusCode !== 200)
    return { statusCode: page.statusCode, body: page.body, headers: page.headers, session: undefined }
  const response = await platform.app.inject({
    method: 'POST',
    url: '/admin/set-password',
    remoteAddress: ip,
    headers: { cookie: page.cookie ?? '', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      csrf_token: hiddenField(page.body, 'csrf_token'),
      token: hiddenField(page.body, 'token'),
      password,
      password_confirmation: repeat,
    }).toString(),
  })
  const session = [response.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('fanshelf_admin_session='))
    ?.split(';')[0]
  return { statusCode: response.statusCode, body: response.body, headers: response.headers, session }
}

async function signIn(platform: TestPlatform, email: string, password: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email, password },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

/** Requests as a signed-in admin from a session cookie (e.g. one a link just opened). */
async function asCookie(platform: TestPlatform, cookie: string) {
  const session = await platform.app.inject({ method: 'GET', url: '/admin/api/session', headers: { cookie } })
  const csrf = (session.json() as { csrfToken?: string }).csrfToken ?? ''
  return {
    session,
    request: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      platform.app.inject({
        method,
        url,
        headers: {
          cookie,
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      }),
  }
}

const strongPassword = 'a long enough passphrase'

let platform: TestPlatform
let owner: AdminClient
let otherOwner: AdminClient
let validateInvitation: ValidateFunction
let validatePeople: ValidateFunction
let validatePerson: ValidateFunction
const logLines: string[] = []

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  platform = await createTestPlatform({ env: { LOG_FORMAT: 'json', LOG_LEVEL: 'info' }, logStream })
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  otherOwner = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
  const schemas = await loadAdminSchemas()
  validateInvitation = compileSchema(schemas.AdminInvitation as JsonSchema)
  validatePeople = compileSchema(schemas.AdminPersonPage as JsonSchema)
  validatePerson = compileSchema(schemas.AdminPerson as JsonSchema)
})
afterAll(() => platform.close())

async function invite(email: string, role: 'STAFF' | 'SUPER_ADMIN' = 'STAFF', by = owner) {
  const response = await by.post('/admin/api/people', { email, role })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  expect(validateInvitation(response.body), JSON.stringify(validateInvitation.errors)).toBe(true)
  return response.body as { person: { id: string; status: string }; invitation: { url: string; mailed: boolean } }
}

describe('invitations (no SMTP_URL: the link is in the answer, once)', () => {
  it('invites staff, who set a password through the link, are signed in, and have STAFF rights only', async () => {
    const invited = await invite('  New.Staff@Example.com ')
    expect(invited.person).toMatchObject({ email: 'new.staff@example.com', role: 'STAFF', status: 'INVITED' })
    expect(invited.invitation.mailed).toBe(false)
    expect(invited.invitation.url).toMatch(/^http:\/\/127\.0\.0\.1:4000\/admin\/set-password\?token=fsal_/)

    // Not yet a password: signing in fails like an unknown email.
    expect((await signIn(platform, 'new.staff@example.com', '')).status).toBe(400)
    expect((await signIn(platform, 'new.staff@example.com', 'anything at all')).status).toBe(401)

    const page = await openLink(platform, invited.invitation.url)
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Accept your invitation')
    expect(page.body).toContain('new.staff@example.com')
    expect(page.headers['referrer-policy']).toBe('no-referrer')

    const set = await setPassword(platform, invited.invitation.url, strongPassword)
    expect(set.statusCode).toBe(303)
    expect(set.headers.location).toBe('/admin/')
    const staff = await asCookie(platform, set.session as string)
    expect(staff.session.json()).toMatchObject({ user: { email: 'new.staff@example.com', role: 'STAFF' } })
    expect((await staff.request('GET', '/admin/api/people')).statusCode).toBe(403)
    expect((await staff.request('GET', '/admin/api/api-users')).statusCode).toBe(403)
    expect((await staff.request('GET', '/admin/api/orders')).statusCode).toBe(200)

    expect((await signIn(platform, 'new.staff@example.com', strongPassword)).status).toBe(200)
    const people = await owner.get('/admin/api/people', { query: { size: 100 } })
    expect(validatePeople(people.body), JSON.stringify(validatePeople.errors)).toBe(true)
    expect(people.body.results).toContainEqual(expect.objectContaining({ id: invited.person.id, status: 'ACTIVE' }))
  })

  it('works once: the same link again is a 410 page, and so is a made-up token', async () => {
    const invited = await invite('once@example.com')
    expect((await setPassword(platform, invited.invitation.url, strongPassword)).statusCode).toBe(303)
    const again = await openLink(platform, invited.invitation.url)
    expect(again.statusCode).toBe(410)
    expect(again.body).toContain('expired or was already used')
    expect((await openLink(platform, 'http://x/admin/set-password?token=fsal_nonsense')).statusCode).toBe(410)
  })

  it('refuses a short password or two different ones, and the link still works afterwards', async () => {
    const invited = await invite('careful@example.com')
    const short = await setPassword(platform, invited.invitation.url, 'short')
    expect(short.statusCode).toBe(400)
    expect(short.body).toContain('at least 12 characters')
    const differ = await setPassword(platform, invited.invitation.url, strongPassword, `${strongPassword}!`)
    expect(differ.statusCode).toBe(400)
    expect(differ.body).toContain('The two passwords differ')
    expect((await setPassword(platform, invited.invitation.url, strongPassword)).statusCode).toBe(303)
  })

  it('expires after 24 hours on the clock', async () => {
    const invited = await invite('late@example.com')
    await platform.clock.advance(24 * 3_600_000 + 1)
    const late = await openLink(platform, invited.invitation.url)
    expect(late.statusCode).toBe(410)
    expect((await signIn(platform, 'late@example.com', strongPassword)).status).toBe(401)
    // The day also ended the admins' sessions.
    owner = await signInAdmin(platform, 'SUPER_ADMIN')
    otherOwner = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
  })

  it('refuses a bad email, an email any admin already has, and an unknown role, saving nothing', async () => {
    const before = (await owner.get('/admin/api/people', { query: { size: 100 } })).body.total
    const bad = await owner.post('/admin/api/people', { email: 'not-an-email', role: 'STAFF' })
    expect(bad.status).toBe(400)
    expect(bad.body.details.errors).toEqual([expect.objectContaining({ field: 'email', rule: 'format' })])
    const taken = await owner.post('/admin/api/people', { email: platform.other.admins[0]?.email, role: 'STAFF' })
    expect(taken.status).toBe(400)
    expect(taken.body.details.errors).toEqual([expect.objectContaining({ field: 'email', rule: 'unique' })])
    const role = await owner.post('/admin/api/people', { email: 'x@example.com', role: 'OWNER' })
    expect(role.status).toBe(400)
    expect((await owner.get('/admin/api/people', { query: { size: 100 } })).body.total).toBe(before)
  })

  it('never writes a link’s token to the request log', async () => {
    const invited = await invite('logged@example.com')
    await setPassword(platform, invited.invitation.url, strongPassword)
    const token = new URL(invited.invitation.url).searchParams.get('token') as string
    const log = logLines.join('')
    expect(log).toContain('/admin/set-password?token=[REDACTED]')
    expect(log).not.toContain(token)
  })
})

describe('roles and removal', () => {
  it('changes a role, never leaving the shop without a super-admin, and removal ends the person’s sessions', async () => {
    const invited = await invite('promoted@example.com')
    const set = await setPassword(platform, invited.invitation.url, strongPassword)
    const person = await asCookie(platform, set.session as string)

    const promoted = await owner.put(`/admin/api/people/${invited.person.id}/role`, { role: 'SUPER_ADMIN' })
    expect(promoted.status).toBe(200)
    expect(validatePerson(promoted.body)).toBe(true)
    expect(promoted.body.role).toBe('SUPER_ADMIN')
    // The open session has the new rights at once.
    expect((await person.request('GET', '/admin/api/people')).statusCode).toBe(200)
    expect((await owner.put(`/admin/api/people/${invited.person.id}/role`, { role: 'STAFF' })).status).toBe(200)
    expect((await person.request('GET', '/admin/api/people')).statusCode).toBe(403)

    const me = (await owner.get('/admin/api/session')).body.user.id as string
    const demoted = await owner.put(`/admin/api/people/${me}/role`, { role: 'STAFF' })
    expect(demoted.status).toBe(409)
    expect(demoted.body.code).toBe('LAST_SUPER_ADMIN')
    expect((await owner.delete(`/admin/api/people/${me}`)).body.code).toBe('CANNOT_REMOVE_SELF')

    expect((await owner.delete(`/admin/api/people/${invited.person.id}`)).status).toBe(204)
    expect((await person.request('GET', '/admin/api/session')).statusCode).toBe(401)
    expect((await signIn(platform, 'promoted@example.com', strongPassword)).status).toBe(401)
    expect((await owner.delete(`/admin/api/people/${invited.person.id}`)).status).toBe(404)
  })

  it('is the shop’s own: another shop’s super-admin gets 404 for this shop’s people and sees none of them', async () => {
    const invited = await invite('tenant@example.com')
    const role = await otherOwner.put(`/admin/api/people/${invited.person.id}/role`, { role: 'SUPER_ADMIN' })
    expect(role.status).toBe(404)
    expect(role.body.code).toBe('PERSON_NOT_FOUND')
    expect((await otherOwner.delete(`/admin/api/people/${invited.person.id}`)).status).toBe(404)
    const theirs = await otherOwner.get('/admin/api/people', { query: { size: 100 } })
    expect(theirs.body.results.map((p: { id: string }) => p.id)).not.toContain(invited.person.id)
    const ours = await owner.get('/admin/api/people', { query: { size: 100 } })
    expect(ours.body.results.find((p: { id: string }) => p.id === invited.person.id)?.role).toBe('STAFF')
  })

  it('audits invitations, role changes, removals and passwords, with no link or password in the log', async () => {
    const invited = await invite('audited@example.com')
    const set = await setPassword(platform, invited.invitation.url, strongPassword)
    expect(set.statusCode).toBe(303)
    await owner.put(`/admin/api/people/${invited.person.id}/role`, { role: 'SUPER_ADMIN' })
    await owner.delete(`/admin/api/people/${invited.person.id}`)
    const log = await owner.get('/admin/api/audit-log', { query: { size: 4 } })
    expect(log.body.results.map((e: { action: string; targetId: string }) => [e.action, e.targetId])).toEqual([
      ['people.remove', invited.person.id],
      ['people.changeRole', invited.person.id],
      ['password.reset', invited.person.id],
      ['people.invite', invited.person.id],
    ])
    const text = JSON.stringify(log.body)
    expect(text).not.toContain(new URL(invited.invitation.url).searchParams.get('token') as string)
    expect(text).not.toContain(strongPassword)
  })
})

describe('one’s own password', () => {
  it('needs the current password, ends the other sessions and keeps this one', async () => {
    const invited = await invite('changer@example.com')
    const first = await setPassword(platform, invited.invitation.url, strongPassword)
    const elsewhere = await asCookie(platform, first.session as string)
    const signedIn = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { email: 'changer@example.com', password: strongPassword },
    })
    const here = await asCookie(platform, String([signedIn.headers['set-cookie']].flat()[0]).split(';')[0] as string)

    const wrong = await here.request('PUT', '/admin/api/password', {
      currentPassword: 'not my password',
      newPassword: 'another long passphrase',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().details.errors).toEqual([
      expect.objectContaining({ field: 'currentPassword', rule: 'matches' }),
    ])
    const short = await here.request('PUT', '/admin/api/password', {
      currentPassword: strongPassword,
      newPassword: 'short',
    })
    expect(short.statusCode).toBe(400)

    const changed = await here.request('PUT', '/admin/api/password', {
      currentPassword: strongPassword,
      newPassword: 'another long passphrase',
    })
    expect(changed.statusCode).toBe(204)
    expect((await here.request('GET', '/admin/api/session')).statusCode).toBe(200)
    expect((await elsewhere.request('GET', '/admin/api/session')).statusCode).toBe(401)
    expect((await signIn(platform, 'changer@example.com', strongPassword)).status).toBe(401)
    expect((await signIn(platform, 'changer@example.com', 'another long passphrase')).status).toBe(200)
  })
})

describe('Forgot password? (no SMTP_URL)', () => {
  it('answers the same for an admin’s email and an unknown one', async () => {
    const known = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/password-reset',
      payload: { email: platform.demo.admins[0]?.email },
      remoteAddress: '198.51.100.1',
    })
    const unknown = await platform.app.inject({
      method: 'POST',
      url: '/admin/api/password-reset',
      payload: { email: 'nobody@example.com' },
      remoteAddress: '198.51.100.1',
    })
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.body).toBe(unknown.body)
    expect(known.json()).toEqual({ message: resetAcceptedMessage })
    const page = await platform.app.inject({ method: 'GET', url: '/admin/sign-in' })
    expect(page.body).toContain('href="/admin/forgot-password"')
  })

  it('limits requests per email (429 with Retry-After), known or not', async () => {
    const ask = (ip: string) =>
      platform.app.inject({
        method: 'POST',
        url: '/admin/api/password-reset',
        payload: { email: 'flooded@example.com' },
        remoteAddress: ip,
      })
    for (let i = 0; i < resetRequestsPerEmail; i++) expect((await ask(`198.51.100.${10 + i}`)).statusCode).toBe(202)
    const refused = await ask('198.51.100.99')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })
})

describe('throttling link guesses', () => {
  it('refuses an address after too many dead tokens, even with a live link', async () => {
    const invited = await invite('guessed@example.com')
    const ip = '192.0.2.44'
    for (let i = 0; i < linkFailuresPerAddress; i++) {
      expect((await openLink(platform, `http://x/admin/set-password?token=fsal_guess${i}`, ip)).statusCode).toBe(410)
    }
    const throttled = await openLink(platform, invited.invitation.url, ip)
    expect(throttled.statusCode).toBe(429)
    expect(throttled.headers['retry-after']).toBeDefined()
    // Another address is not affected, and the link still works there.
    expect(
      (await setPassword(platform, invited.invitation.url, strongPassword, strongPassword, '192.0.2.45')).statusCode,
    ).toBe(303)
  })
})

describe('with SMTP_URL: mail through a real SMTP server', () => {
  it('mails the invitation with its link (not in the answer) and a reset link for a known email only', async () => {
    const smtp = await startSmtpReceiver()
    const mailing = await createTestPlatform({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'Shop <no-reply@shop.test>' } })
    try {
      const admin = await signInAdmin(mailing, 'SUPER_ADMIN')
      const response = await admin.post('/admin/api/people', { email: 'mailed@example.com', role: 'STAFF' })
      expect(response.status, JSON.stringify(response.body)).toBe(201)
      expect(response.body.invitation).toEqual({ mailed: true, expiresAt: expect.any(String) })
      await smtp.waitFor(1)
      const mail = smtp.messages[0]!
      expect(mail.to).toEqual(['mailed@example.com'])
      expect(mail.from).toBe('no-reply@shop.test')
      expect(mailHeader(mail.raw, 'Subject')).toContain('admin on Fanshelf')
      const link = /http:\/\/\S+\/admin\/set-password\?token=fsal_[0-9A-Za-z]+/.exec(mailText(mail.raw))?.[0]
      expect(link).toBeDefined()
      expect((await setPassword(mailing, link as string, strongPassword)).statusCode).toBe(303)

      await mailing.app.inject({
        method: 'POST',
        url: '/admin/api/password-reset',
        payload: { email: 'nobody@example.com' },
      })
      await mailing.app.inject({
        method: 'POST',
        url: '/admin/api/password-reset',
        payload: { email: 'MAILED@example.com' },
      })
      await smtp.waitFor(2)
      expect(smtp.messages).toHaveLength(2)
      const reset = smtp.messages[1]!
      expect(reset.to).toEqual(['mailed@example.com'])
      const resetLink = /http:\/\/\S+\/admin\/set-password\?token=fsal_[0-9A-Za-z]+/.exec(mailText(reset.raw))?.[0]
      const page = await openLink(mailing, resetLink as string)
      expect(page.body).toContain('Choose a new password')
      expect((await setPassword(mailing, resetLink as string, 'a brand new passphrase')).statusCode).toBe(303)
      expect((await signIn(mailing, 'mailed@example.com', 'a brand new passphrase')).status).toBe(200)
      // A reset link lives an hour.
      await mailing.app.inject({
        method: 'POST',
        url: '/admin/api/password-reset',
        payload: { email: 'mailed@example.com' },
      })
      await smtp.waitFor(3)
      const expiring = /http:\/\/\S+\/admin\/set-password\?token=fsal_[0-9A-Za-z]+/.exec(
        mailText(smtp.messages[2]!.raw),
      )?.[0]
      await mailing.clock.advance(3_600_000 + 1)
      expect((await openLink(mailing, expiring as string)).statusCode).toBe(410)

      // A refused mail saves nothing.
      smtp.state.refuseRecipients = true
      const refused = await admin.post('/admin/api/people', { email: 'bounced@example.com', role: 'STAFF' })
      expect(refused.status).toBe(502)
      expect(refused.body.code).toBe('MAIL_NOT_SENT')
      const people = await admin.get('/admin/api/people', { query: { size: 100 } })
      expect(people.body.results.map((p: { email: string }) => p.email)).not.toContain('bounced@example.com')
    } finally {
      await mailing.close()
      await smtp.close()
    }
  })
})
