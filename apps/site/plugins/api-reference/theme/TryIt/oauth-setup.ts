import { credentialValues } from '../../../../src/reader-context/pick.ts'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import { type Call, field, shopName, type Values } from './plan-inputs.ts'

/**
 * The OAuth token endpoints on a local demo install: the demo platform app the seed connected to
 * the demo shop (client id and secret from the reader context). A code is single-use and lives
 * 120 s, so every press first asks `GET /admin/api/demo-credentials` for a fresh one (issued as
 * the shop's consent would issue it, with the PKCE verifier of its challenge); the revocation and
 * the introspection first exchange such a code, then revoke or introspect the access token it got.
 */
export type OAuthSetupKind = 'authorizationCode' | 'accessToken'

const oauthSetups: Record<string, OAuthSetupKind> = {
  exchangePlatformToken: 'authorizationCode',
  revokePlatformToken: 'accessToken',
  introspectPlatformToken: 'accessToken',
}

export function oauthSetupOf(operationId: string): OAuthSetupKind | undefined {
  return oauthSetups[operationId]
}

/** The token request of the guides' code exchange (client_secret_post: the console sends no Basic header). */
function codeExchange(values: Values): Record<string, string> {
  return {
    grant_type: 'authorization_code',
    code: values.CODE ?? '',
    redirect_uri: values.REDIRECT_URI ?? '',
    code_verifier: values.CODE_VERIFIER ?? '',
    client_id: values.FANSHELF_CLIENT_ID ?? '',
    client_secret: values.FANSHELF_CLIENT_SECRET ?? '',
  }
}

export function oauthBody(operation: TryItOperation, context: Values): string | undefined {
  switch (oauthSetupOf(operation.operationId)) {
    case 'authorizationCode':
      return JSON.stringify(codeExchange(context), null, 2)
    case 'accessToken':
      return JSON.stringify(
        {
          token: '',
          token_type_hint: 'access_token',
          client_id: context.FANSHELF_CLIENT_ID ?? '',
          client_secret: context.FANSHELF_CLIENT_SECRET ?? '',
        },
        null,
        2,
      )
    default:
      return undefined
  }
}

/** Runs an OAuth setup: answers the body to send (a fresh code, or an access token to revoke or introspect). */
export async function runOAuthSetup(kind: OAuthSetupKind, body: string, call: Call): Promise<string> {
  const demo = await call('GET', '/admin/api/demo-credentials', undefined, 'none')
  const fresh = demo.status === 200 ? credentialValues(demo.json) : {}
  if (!fresh.CODE) {
    throw new Error(
      `This server handed out no authorization code for the demo platform app (${demo.status}): it is only offered on a local demo install while the app is active and connected to the demo shop.`,
    )
  }
  let current: Record<string, unknown> = {}
  try {
    const parsed = JSON.parse(body) as unknown
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      current = parsed as Record<string, unknown>
  } catch {
    // Not JSON (the reader's own edit is not what this setup fills): start from the exchange alone.
  }
  const exchange = codeExchange(fresh)
  if (kind === 'authorizationCode') return JSON.stringify({ ...current, ...exchange }, null, 2)
  const tokens = await call('POST', '/open-api/v1.0/platform/token', exchange, 'none')
  const accessToken = field(tokens.json, 'access_token')
  if (tokens.status >= 300 || !accessToken) {
    throw new Error(
      `Exchanging a code for a token to use failed (${tokens.status} ${field(tokens.json, 'error') ?? ''}).`.replace(
        ' )',
        ')',
      ),
    )
  }
  return JSON.stringify(
    {
      ...current,
      token: accessToken,
      token_type_hint: 'access_token',
      client_id: exchange.client_id,
      client_secret: exchange.client_secret,
    },
    null,
    2,
  )
}

/** What an OAuth setup and the request after it do, in plain words (the confirmation). */
export function describeOAuthSetup(kind: OAuthSetupKind, context: Values): string {
  const app = `the demo platform app ${context.FANSHELF_CLIENT_ID ?? ''}`.trimEnd()
  const shop = shopName(context)
  const code = `First creates a fresh single-use authorization code of ${app} for ${shop}, as its super-admin's consent does`
  return kind === 'authorizationCode'
    ? `${code}. Then exchanges it: creates an access token and a refresh token of the app for ${shop}.`
    : `${code}, and exchanges it for an access token. Then revokes that access token: it stops working at once.`
}
