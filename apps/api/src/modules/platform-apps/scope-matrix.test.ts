import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Operation } from '../../http/contract.js'
import { createTestPlatform, type TestPlatform } from '../../testing/test-platform.js'
import { platformScopes } from './platform-scopes.js'
import { type AdminBrowser, connect, registerClient, signInAdmin } from './testing/oauth-harness.js'

/**
 * O6, generated from the contract so that a new operation cannot skip it: every operation whose
 * `security` names a platformOAuth scope answers a bearer token lacking that scope with 403
 * INSUFFICIENT_SCOPE naming it (and does not with it); current-shop operations (`platformOAuth: []`)
 * accept any valid token; basic-only operations refuse bearer tokens with 403 BASIC_AUTH_REQUIRED.
 * Operations without a handler yet (other issues) are listed and skipped.
 */

let platform: TestPlatform
let admin: AdminBrowser
/** Per scope, an access token of an app registered with every scope but that one. */
const lacking = new Map<string, string>()
let everything = ''
let nothing = ''

type Kind = 'scoped' | 'anyToken' | 'basicOnly'

function kindOf(operation: Operation): { kind: Kind; scopes: string[] } | undefined {
  const oauth = operation.security.find((requirement) => 'platformOAuth' in requirement)
  const basic = operation.security.some((requirement) => 'basicAuth' in requirement)
  if (oauth)
    return { kind: (oauth.platformOAuth ?? []).length > 0 ? 'scoped' : 'anyToken', scopes: oauth.platformOAuth ?? [] }
  return basic ? { kind: 'basicOnly', scopes: [] } : undefined
}

/** A value for a path parameter: the scope check comes before validation, so any will do. */
function pathValue(name: string): string {
  return /id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x'
}

function isServed(operation: Operation): boolean {
  return platform.app.hasRoute({ method: operation.method, url: operation.url })
}

let calls = 0
/** Calls the operation with a bearer token, giving the grant a fresh rate-limit window now and then. */
async function callAs(operation: Operation, token: string) {
  if (++calls % 40 === 0) await platform.clock.advance(10_000)
  const response = await platform.call(operation.operationId, {
    auth: { bearer: token },
    params: Object.fromEntries(
      [...operation.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => [name as string, pathValue(name as string)]),
    ),
  })
  return response
}

beforeAll(async () => {
  platform = await createTestPlatform()
  admin = await signInAdmin(platform)
  const all = [...platformScopes(platform.contract).keys()]
  for (const scope of all) {
    await platform.clock.advance(10_000)
    const client = await registerClient(platform, { scopes: all.filter((s) => s !== scope), name: `Without ${scope}` })
    lacking.set(scope, (await connect(platform, client, admin)).access_token)
  }
  everything = (await connect(platform, await registerClient(platform, { scopes: all, name: 'Everything' }), admin))
    .access_token
  nothing = (await connect(platform, await registerClient(platform, { scopes: [], name: 'Nothing' }), admin))
    .access_token
})
afterAll(() => platform.close())
beforeEach(() => platform.clock.advance(10_000))

describe('the scope matrix (O6)', () => {
  it('covers the contract: every operation is scoped, current-shop or basic-only', () => {
    const operations = platform.contract.operations.filter((op) => op.api !== 'storefront' && kindOf(op))
    const scoped = operations.filter((op) => kindOf(op)?.kind === 'scoped')
    expect(scoped.length).toBeGreaterThan(20)
    for (const op of scoped) {
      for (const scope of kindOf(op)?.scopes ?? []) expect(lacking.has(scope), `${op.operationId}: ${scope}`).toBe(true)
    }
  })

  it('answers 403 INSUFFICIENT_SCOPE naming the missing scope, for every scoped operation', async () => {
    const checked: string[] = []
    const unserved: string[] = []
    for (const operation of platform.contract.operations) {
      const kind = kindOf(operation)
      if (operation.api === 'storefront' || kind?.kind !== 'scoped') continue
      if (!isServed(operation)) {
        unserved.push(operation.operationId)
        continue
      }
      for (const scope of kind.scopes) {
        const { status, body, headers } = await callAs(operation, lacking.get(scope) as string)
        expect(status, `${operation.operationId} without ${scope}`).toBe(403)
        expect(body, operation.operationId).toMatchObject({
          code: 'INSUFFICIENT_SCOPE',
          details: { requiredScope: scope },
        })
        expect(headers['www-authenticate']).toContain(`scope="${scope}"`)
      }
      const allowed = await callAs(operation, everything)
      expect(allowed.status, `${operation.operationId} with its scope`).not.toBe(401)
      expect(allowed.body?.code, `${operation.operationId} with its scope`).not.toBe('INSUFFICIENT_SCOPE')
      checked.push(operation.operationId)
    }
    expect(checked.length).toBeGreaterThan(10)
    console.info(`scope matrix: ${checked.length} operations checked; not served yet: ${unserved.join(', ') || 'none'}`)
  })

  it('lets a token with no scope at all read the current shop', async () => {
    for (const operation of platform.contract.operations) {
      if (operation.api === 'storefront' || kindOf(operation)?.kind !== 'anyToken' || !isServed(operation)) continue
      const { status } = await callAs(operation, nothing)
      expect(status, operation.operationId).toBe(200)
    }
  })

  it('answers 403 BASIC_AUTH_REQUIRED to a valid bearer token on every basic-only operation', async () => {
    const basicOnly = platform.contract.operations.filter(
      (op) => op.api !== 'storefront' && kindOf(op)?.kind === 'basicOnly' && isServed(op),
    )
    expect(basicOnly.length).toBeGreaterThan(3)
    for (const operation of basicOnly) {
      const { status, body } = await callAs(operation, everything)
      expect(status, operation.operationId).toBe(403)
      expect(body.code, operation.operationId).toBe('BASIC_AUTH_REQUIRED')
    }
  })
})
