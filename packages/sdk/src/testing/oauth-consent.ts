import { createHash, randomBytes } from 'node:crypto'
import type { RealServer } from './real-server.js'

/**
 * The parts of the OAuth flow that are not API calls, done over HTTP against the real server: an
 * operator registers a platform app (in process, as `fanshelf app create` does), and the shop's admin
 * signs in and approves the consent page (what the browser does). Returns the authorization code,
 * the PKCE verifier of the challenge the consent link carried (every app must send one), and the
 * `iss` of the redirect (RFC 9207).
 */

export interface RegisteredApp {
  clientId: string
  clientSecret: string
  /** Signs the app's webhook deliveries (`X-Fanshelf-Hmac-Apps-SHA256`). */
  webhookHmacKey: string
  redirectUri: string
}

export async function registerApp(server: RealServer, scopes: string[]): Promise<RegisteredApp> {
  const redirectUri = 'https://overlay.example.com/oauth/callback'
  const app = await server.app.platform.services.platformApps.register({
    name: 'SDK test app',
    redirectUris: [redirectUri],
    scopes,
  })
  return { clientId: app.clientId, clientSecret: app.clientSecret, webhookHmacKey: app.webhookHmacKey, redirectUri }
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

export async function approveConsent(
  server: RealServer,
  app: RegisteredApp,
  authorizationEndpoint: string,
): Promise<{ code: string; codeVerifier: string; iss: string | null }> {
  const admin = server.demo.admins.find((a) => a.role === 'SUPER_ADMIN')
  if (!admin) throw new Error('The demo shop has no super-admin')
  const signIn = await fetch(`${server.origin}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  if (signIn.status !== 200) throw new Error(`Admin sign-in failed: ${signIn.status}`)
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] as string

  const url = new URL(authorizationEndpoint)
  url.searchParams.set('client_id', app.clientId)
  url.searchParams.set('redirect_uri', app.redirectUri)
  url.searchParams.set('state', 'sdk-state')
  const codeVerifier = randomBytes(32).toString('base64url')
  url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'))
  url.searchParams.set('code_challenge_method', 'S256')
  const page = await fetch(url, { headers: { cookie } })
  const html = await page.text()
  if (page.status !== 200) throw new Error(`The consent page answered ${page.status}: ${html.slice(0, 300)}`)
  const form = /<form[^>]*action="\/admin\/platform-apps\/[^"]*"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? ''
  const fields: Record<string, string> = { decision: 'approve' }
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1] as string] = decodeHtml(match[2] as string)
  }
  fields.decision = 'approve'
  const answer = await fetch(`${server.origin}${url.pathname}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  const location = answer.headers.get('location')
  if (answer.status !== 303 || !location) throw new Error(`The consent answered ${answer.status}`)
  const response = new URL(location).searchParams
  const code = response.get('code')
  if (!code) throw new Error(`No code in ${location}`)
  return { code, codeVerifier, iss: response.get('iss') }
}
