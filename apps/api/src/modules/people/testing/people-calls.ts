import { Writable } from 'node:stream'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, expect } from 'vitest'
import type { JsonSchema } from '../../../http/contract.js'
import { compileSchema } from '../../../http/validation.js'
import { createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { loadAdminSchemas } from '../../admin/admin-contract.js'
import { type AdminClient, signInAdmin } from '../../admin/testing/admin-client.js'

// What the people suites (people.routes.test.ts, people.passwords.test.ts) share. The `let`s are live
// bindings: `setUpPeopleCalls()` fills them before the tests run.

/**
 * A shop's people through HTTP (decision 0035): invitations by one-time link, roles, removal, one's
 * own password and "Forgot password?", on the demo shops; the links work once, expire on the
 * (manual) clock and are throttled; another shop's super-admin cannot touch this shop's people.
 */

export type Page = { statusCode: number; body: string; headers: Record<string, unknown> }

/** A browser's visit to the set-password link: its form's CSRF cookie and fields. */
export async function openLink(
  platform: TestPlatform,
  url: string,
  ip = '203.0.113.7',
): Promise<Page & { cookie?: string }> {
  const target = new URL(url)
  const page = await platform.app.inject({ method: 'GET', url: target.pathname + target.search, remoteAddress: ip })
  const cookie = [page.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('fanshelf_admin_password_form='))
    ?.split(';')[0]
  return { statusCode: page.statusCode, body: page.body, headers: page.headers, cookie }
}

export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)
  if (!match) throw new Error(`No hidden field ${name} in ${html.slice(0, 500)}`)
  return match[1] as string
}

/** Opens the link and submits a password: answers the POST (303 + session cookie on success). */
export async function setPassword(
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

export async function signIn(platform: TestPlatform, email: string, password: string) {
  const response = await platform.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email, password },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

/** Requests as a signed-in admin from a session cookie (e.g. one a link just opened). */
export async function asCookie(platform: TestPlatform, cookie: string) {
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

export const strongPassword = 'a long enough passphrase'

export let platform: TestPlatform
export let owner: AdminClient
export let otherOwner: AdminClient
export let validateInvitation: ValidateFunction
export let validatePeople: ValidateFunction
export let validatePerson: ValidateFunction
export const logLines: string[] = []

export async function invite(email: string, role: 'STAFF' | 'SUPER_ADMIN' = 'STAFF', by = owner) {
  const response = await by.post('/admin/api/people', { email, role })
  expect(response.status, JSON.stringify(response.body)).toBe(201)
  expect(validateInvitation(response.body), JSON.stringify(validateInvitation.errors)).toBe(true)
  return response.body as { person: { id: string; status: string }; invitation: { url: string; mailed: boolean } }
}

/** Signs both shops' owners in again (after the clock ended their sessions). */
export async function signInOwnersAgain(): Promise<void> {
  owner = await signInAdmin(platform, 'SUPER_ADMIN')
  otherOwner = await signInAdmin(platform, 'SUPER_ADMIN', 'other')
}

/** Registers the suite's hooks in the calling test file. */
export function setUpPeopleCalls(): void {
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
}
