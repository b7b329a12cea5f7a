import { describe, expect, it } from 'vitest'
import {
  asCookie,
  invite,
  logLines,
  openLink,
  otherOwner,
  owner,
  platform,
  setPassword,
  setUpPeopleCalls,
  signIn,
  signInOwnersAgain,
  strongPassword,
  validatePeople,
  validatePerson,
} from './testing/people-calls.js'

setUpPeopleCalls()

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
    await signInOwnersAgain()
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
