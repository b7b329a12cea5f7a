import * as oauth from 'oauth4webapi'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { type CallOptions, createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import {
  type AdminBrowser,
  callWithBearer,
  consent,
  consentUrl,
  type OAuthClient,
  registerClient,
  signInAdmin,
} from './oauth-harness.js'

// What the OAuth flow suites (oauth-flow.test.ts, oauth-tokens.test.ts) share: a test platform, a
// signed-in admin, a registered client, and the code, exchange, refresh and token calls. The `let`s are
// live bindings: `setUpOAuthFlow()` fills them before the tests run.

/**
 * The OAuth 2 flow driven with oauth4webapi, a stock client library, against the in-process app:
 * the api-practices O1–O5 and O8 vectors, client authentication, RFC 7009 revocation and RFC 8414
 * metadata. Every answer a test reads through `platform.call` is validated against the contract.
 */

export let platform: TestPlatform
export let admin: AdminBrowser
export let overlay: OAuthClient

// The OAuth endpoints are rate limited per client IP on the ManualClock: give every test a fresh window.

/** Consent (with PKCE unless told otherwise: a legacy app may omit it) and return the code without exchanging it. */
export async function issueCode(client: OAuthClient, options: { pkce?: boolean } = {}) {
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const challenge = options.pkce === false ? null : await oauth.calculatePKCECodeChallenge(verifier)
  const callback = await consent(platform, admin, consentUrl(client, { state, codeChallenge: challenge }))
  const params = oauth.validateAuthResponse(client.as, client.client, callback, state)
  return { params, code: params.get('code') as string, verifier }
}

export async function exchange(client: OAuthClient, params: URLSearchParams, verifier: string | typeof oauth.nopkce) {
  const response = await oauth.authorizationCodeGrantRequest(
    client.as,
    client.client,
    client.auth,
    params,
    client.app.redirectUris[0] as string,
    verifier,
    client.options,
  )
  return oauth.processAuthorizationCodeResponse(client.as, client.client, response)
}

export async function refresh(client: OAuthClient, refreshToken: string) {
  const response = await oauth.refreshTokenGrantRequest(
    client.as,
    client.client,
    client.auth,
    refreshToken,
    client.options,
  )
  return oauth.processRefreshTokenResponse(client.as, client.client, response)
}

/** A raw token-endpoint request (form-encoded unless told otherwise), validated against the contract. */
export function tokenRequest(
  fields: Record<string, string | string[]>,
  options: { basic?: [string, string]; json?: boolean; contentType?: string } = {},
) {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v)
  const call: CallOptions = {
    auth: options.basic ? { basic: { username: options.basic[0], password: options.basic[1] } } : 'none',
    rawBody: options.json ? JSON.stringify(fields) : form.toString(),
    contentType: options.contentType ?? (options.json ? 'application/json' : 'application/x-www-form-urlencoded'),
  }
  return platform.call('exchangePlatformToken', call)
}

/** The status of `GET /shops/current` with the token (oauth4webapi throws on a 401 challenge). */
export async function shopsCurrent(client: OAuthClient, accessToken: string) {
  try {
    return (await callWithBearer(client, accessToken, '/shops/current')).status
  } catch (error) {
    if (!(error instanceof oauth.WWWAuthenticateChallengeError)) throw error
    expect(error.cause[0]).toMatchObject({ scheme: 'bearer', parameters: { error: 'invalid_token' } })
    return error.status
  }
}

/** Registers the suite's hooks in the calling test file. */
export function setUpOAuthFlow(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    admin = await signInAdmin(platform)
    overlay = await registerClient(platform, { scopes: ['order_read', 'webhook_read'] })
  })
  afterAll(() => platform.close())
  beforeEach(() => platform.clock.advance(10_000))
}
