import { describe, expect, it } from 'vitest'
import { createTestPlatform } from '../../testing/test-platform.js'
import { signInAdmin } from '../admin/testing/admin-client.js'
import { resetAcceptedMessage } from './people.mapper.js'
import { linkFailuresPerAddress, resetRequestsPerEmail } from './people-policy.js'
import {
  asCookie,
  invite,
  openLink,
  platform,
  setPassword,
  setUpPeopleCalls,
  signIn,
  strongPassword,
} from './testing/people-calls.js'
import { mailHeader, mailText, startSmtpReceiver } from './testing/smtp-receiver.js'

setUpPeopleCalls()

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
