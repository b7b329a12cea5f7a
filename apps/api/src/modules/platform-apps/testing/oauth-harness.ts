import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import * as oauth from 'oauth4webapi'
import type { TestPlatform } from '../../../testing/test-platform.js'
import type { RegisteredApp } from '../platform-apps.service.js'

/**
 * Drives the OAuth flow the way a partner would — with oauth4webapi, the stock client library —
 * against the in-process app: its `fetch` goes through `app.inject`. The browser's part (sign-in,
 * consent) is replayed with plain requests carrying the session cookie; the Playwright suite
 * (e2e/oauth) does it in a real browser.
 */

/** A fetch that answers from `app.inject` (oauth4webapi's `customFetch`). */
export function injectFetch(app: FastifyInstance) {
  return async (url: string, options: { method: string; headers: Record<string, string>; body?: unknown }) => {
    const target = new URL(url)
    const body = options.body
    const payload =
      body === undefined || body === null ? undefined : body instanceof URLSearchParams ? body.toString() : String(body)
    const response = await app.inject({
      method: options.method as 'GET',
      url: target.pathname + target.search,
      headers: options.headers,
      ...(payload === undefined ? {} : { payload }),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) headers.append(name, String(item))
    }
    const empty = response.statusCode === 204 || response.statusCode === 304 || response.rawPayload.length === 0
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers })
  }
}

export interface OAuthClient {
  app: RegisteredApp
  as: oauth.AuthorizationServer
  client: oauth.Client
  /** client_secret_basic by default. */
  auth: oauth.ClientAuth
  options: { [oauth.customFetch]: ReturnType<typeof injectFetch>; [oauth.allowInsecureRequests]: true }
}

/** Registers an app and discovers the authorization server (RFC 8414) with oauth4webapi. */
export async function registerClient(
  platform: TestPlatform,
  input: { scopes: string[]; redirectUris?: string[]; name?: string; pkceRequired?: boolean },
): Promise<OAuthClient> {
  const app = await platform.app.platform.services.platformApps.register({
    name: input.name ?? 'Overlay Studio',
    redirectUris: input.redirectUris ?? ['https://overlay.example.com/oauth/callback'],
    scopes: input.scopes,
    pkceRequired: input.pkceRequired,
  })
  const options = { [oauth.customFetch]: injectFetch(platform.app), [oauth.allowInsecureRequests]: true } as const
  const issuer = new URL(platform.config.publicUrl)
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
  )
  return { app, as, client: { client_id: app.clientId }, auth: oauth.ClientSecretBasic(app.clientSecret), options }
}

export interface AdminBrowser {
  cookie: string
  csrfToken: string
  email: string
}

/** Signs an admin in through the admin API (as the SPA does) and keeps the session cookie. */
export async function signInAdmin(
  platform: TestPlatform,
  role: 'SUPER_ADMIN' | 'STAFF' = 'SUPER_ADMIN',
  shop = platform.demo,
): Promise<AdminBrowser> {
  const admin = shop.admins.find((a) => a.role === role)
  if (!admin) throw new Error(`The seed has no ${role} for ${shop.id}`)
  const response = await platform.app.inject({
    method: 'POST',
    url: '/admin/api/session',
    payload: { email: admin.email, password: admin.password },
  })
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`)
  const setCookie = String(response.headers['set-cookie'])
  return { cookie: setCookie.split(';')[0] as string, csrfToken: response.json().csrfToken, email: admin.email }
}

/** The S256 PKCE challenge of a verifier (what `oauth.calculatePKCECodeChallenge` computes). */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/**
 * The consent URL an app builds: the metadata's authorization endpoint with its client id. It carries a PKCE
 * challenge as every app's must: `codeChallenge` when given, a throwaway one when left out (for
 * tests that never exchange the code), none for `null` (a legacy app, or a refusal under test).
 */
export function consentUrl(
  oauthClient: OAuthClient,
  parameters: {
    redirectUri?: string
    state?: string
    codeChallenge?: string | null
    extra?: Record<string, string>
  },
): URL {
  const url = new URL(oauthClient.as.authorization_endpoint as string)
  url.searchParams.set('client_id', oauthClient.app.clientId)
  url.searchParams.set('redirect_uri', parameters.redirectUri ?? (oauthClient.app.redirectUris[0] as string))
  if (parameters.state !== undefined) url.searchParams.set('state', parameters.state)
  const challenge =
    parameters.codeChallenge === undefined
      ? challengeOf(randomBytes(32).toString('base64url'))
      : parameters.codeChallenge
  if (challenge !== null) {
    url.searchParams.set('code_challenge', challenge)
    url.searchParams.set('code_challenge_method', 'S256')
  }
  for (const [name, value] of Object.entries(parameters.extra ?? {})) url.searchParams.set(name, value)
  return url
}

/** The consent page's form fields, read from its HTML (what the browser would submit). */
export function consentFormFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {}
  const form = /<form[^>]*action="\/admin\/platform-apps\/[^"]*"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? ''
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] as string] = decodeHtml(match[2] as string)
  }
  return fields
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * The browser's part: open the consent page signed in, submit Approve (or Deny), and return where
 * the server redirects (the app's callback URL).
 */
export async function consent(
  platform: TestPlatform,
  browser: AdminBrowser,
  url: URL,
  decision: 'approve' | 'deny' = 'approve',
): Promise<URL> {
  const page = await platform.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: browser.cookie },
  })
  if (page.statusCode !== 200)
    throw new Error(`The consent page answered ${page.statusCode}: ${page.body.slice(0, 300)}`)
  const fields = { ...consentFormFields(page.body), decision }
  const answer = await platform.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { cookie: browser.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
  if (answer.statusCode !== 303)
    throw new Error(`The consent answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`)
  return new URL(String(answer.headers.location))
}

/**
 * The whole flow: consent (with PKCE unless told otherwise — only a legacy app may omit it), exchange,
 * and the token response. oauth4webapi checks the answer's `iss` against the metadata's `issuer`.
 */
export async function connect(
  platform: TestPlatform,
  oauthClient: OAuthClient,
  browser: AdminBrowser,
  options: { pkce?: boolean } = {},
): Promise<oauth.TokenEndpointResponse> {
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  const usePkce = options.pkce ?? true
  const callback = await consent(
    platform,
    browser,
    consentUrl(oauthClient, {
      state,
      codeChallenge: usePkce ? await oauth.calculatePKCECodeChallenge(verifier) : null,
    }),
  )
  const params = oauth.validateAuthResponse(oauthClient.as, oauthClient.client, callback, state)
  const response = await oauth.authorizationCodeGrantRequest(
    oauthClient.as,
    oauthClient.client,
    oauthClient.auth,
    params,
    oauthClient.app.redirectUris[0] as string,
    usePkce ? verifier : oauth.nopkce,
    oauthClient.options,
  )
  return oauth.processAuthorizationCodeResponse(oauthClient.as, oauthClient.client, response)
}

/** Calls an open API path with a bearer token through oauth4webapi. */
export async function callWithBearer(oauthClient: OAuthClient, accessToken: string, path: string): Promise<Response> {
  const url = new URL(`/open-api/v1.0${path}`, oauthClient.as.issuer)
  return oauth.protectedResourceRequest(accessToken, 'GET', url, new Headers(), undefined, oauthClient.options)
}

/** The OAuth error of a failed token-endpoint answer (oauth4webapi throws ResponseBodyError). */
export async function oauthErrorOf(
  promise: Promise<unknown>,
): Promise<{ error: string; status: number; description?: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof oauth.ResponseBodyError) {
      return { error: error.error, status: error.status, description: error.error_description }
    }
    throw error
  }
  throw new Error('Expected an OAuth error')
}
