import { isKnownResource, type ResourceIndicators, unknownResourceDescription } from './oauth-resources.js'
import { challengeProblem } from './pkce.js'
import type { PlatformApp } from './platform-apps.service.js'
import { isRegisteredRedirectUri, redirectWith } from './redirect-uris.js'

/**
 * The rules of a consent request (`/admin/platform-apps/{clientId}/connect?redirect_uri=…`), in
 * the order RFC 6749 §4.1.2.1 and RFC 9700 require: until the client and its redirect URI are
 * known to match exactly, a problem is shown on an error page and never redirected (no open
 * redirector); after that, a problem is reported to the app by redirecting with `error`.
 *
 * Every redirect to the app carries `iss`, the authorization server's issuer (RFC 9207), on
 * success and error alike, so a client talking to several servers can tell which one answered
 * (mix-up defence, RFC 9700 §4.4). PKCE (S256) is required unless the app is a legacy one
 * (decision 0028).
 */

export interface AuthorizationParameters {
  redirectUri: string
  state?: string
  codeChallenge?: string
  codeChallengeMethod?: string
  /** RFC 8707: the resource the tokens will be bound to (the MCP server or the API). */
  resource?: string
}

export type ConsentCheck =
  | { kind: 'refuse'; status: 400 | 404; title: string; message: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; app: PlatformApp; parameters: AuthorizationParameters }

/** The longest `state` accepted; it is echoed in a URL. */
export const maxStateLength = 2048

type Raw = Record<string, unknown>

function single(raw: Raw, name: string): { value?: string; repeated: boolean } {
  const value = raw[name]
  if (Array.isArray(value)) return { value: typeof value[0] === 'string' ? value[0] : undefined, repeated: true }
  if (typeof value === 'string' && value !== '') return { value, repeated: false }
  return { repeated: false }
}

/** The authorization response's parameters with the issuer (RFC 9207 `iss`) added. */
export function authorizationRedirect(
  redirectUri: string,
  issuer: string,
  parameters: Record<string, string | undefined>,
): string {
  return redirectWith(redirectUri, { ...parameters, iss: issuer })
}

export function checkConsentRequest(
  clientId: string,
  app: PlatformApp | undefined,
  raw: Raw,
  issuer: string,
  resources: ResourceIndicators,
): ConsentCheck {
  if (!app) {
    return {
      kind: 'refuse',
      status: 404,
      title: 'Unknown app',
      message: `No platform app has the client id “${clientId}”. Ask the app’s developer for a correct link.`,
    }
  }
  const redirect = single(raw, 'redirect_uri')
  if (redirect.repeated || redirect.value === undefined) {
    return {
      kind: 'refuse',
      status: 400,
      title: 'Missing redirect address',
      message: `The link to connect ${app.name} must carry exactly one redirect_uri. Ask the app’s developer for a correct link.`,
    }
  }
  if (!isRegisteredRedirectUri(app.redirectUris, redirect.value)) {
    return {
      kind: 'refuse',
      status: 400,
      title: 'Unregistered redirect address',
      message: `${app.name} did not register the redirect address “${redirect.value}”, so you are not sent there. Ask the app’s developer for a correct link.`,
    }
  }
  const queryClientId = single(raw, 'client_id')
  if (queryClientId.repeated || (queryClientId.value !== undefined && queryClientId.value !== clientId)) {
    return {
      kind: 'refuse',
      status: 400,
      title: 'Mismatched client id',
      message:
        'The client_id of the link differs from the app in its path. Ask the app’s developer for a correct link.',
    }
  }

  const redirectUri = redirect.value
  const state = single(raw, 'state')
  const fail = (error: string, description: string): ConsentCheck => ({
    kind: 'redirect',
    location: authorizationRedirect(redirectUri, issuer, { error, error_description: description, state: state.value }),
  })
  if (app.status !== 'ACTIVE') return fail('unauthorized_client', 'The app is suspended.')
  for (const name of ['state', 'response_type', 'code_challenge', 'code_challenge_method', 'resource']) {
    if (single(raw, name).repeated) return fail('invalid_request', `${name} is repeated`)
  }
  if (state.value !== undefined && state.value.length > maxStateLength) {
    return fail('invalid_request', `state is longer than ${maxStateLength} characters`)
  }
  const responseType = single(raw, 'response_type').value
  if (responseType !== undefined && responseType !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.')
  }
  const codeChallenge = single(raw, 'code_challenge').value
  const codeChallengeMethod = single(raw, 'code_challenge_method').value
  if (codeChallenge === undefined && app.pkceRequired) {
    return fail(
      'invalid_request',
      'code_challenge is required: send PKCE with code_challenge_method=S256 (RFC 7636, RFC 9700 §2.1.1)',
    )
  }
  const pkceProblem = challengeProblem(codeChallenge, codeChallengeMethod)
  if (pkceProblem) return fail('invalid_request', pkceProblem)
  const resource = single(raw, 'resource').value
  if (resource !== undefined && !isKnownResource(resources, resource)) {
    return fail('invalid_target', unknownResourceDescription(resources, resource))
  }
  return {
    kind: 'ok',
    app,
    parameters: { redirectUri, state: state.value, codeChallenge, codeChallengeMethod, resource },
  }
}

/** Where a denial sends the browser (RFC 6749 §4.1.2.1 `access_denied`). */
export function deniedRedirect(parameters: AuthorizationParameters, issuer: string): string {
  return authorizationRedirect(parameters.redirectUri, issuer, {
    error: 'access_denied',
    error_description: 'The shop admin denied the request.',
    state: parameters.state,
  })
}

/** The consent page's own URL for these parameters (the sign-in page returns to it). */
export function consentPath(clientId: string, parameters: AuthorizationParameters): string {
  const query = new URLSearchParams({ redirect_uri: parameters.redirectUri })
  if (parameters.state !== undefined) query.set('state', parameters.state)
  if (parameters.codeChallenge !== undefined) query.set('code_challenge', parameters.codeChallenge)
  if (parameters.codeChallengeMethod !== undefined) query.set('code_challenge_method', parameters.codeChallengeMethod)
  if (parameters.resource !== undefined) query.set('resource', parameters.resource)
  return `/admin/platform-apps/${encodeURIComponent(clientId)}/connect?${query}`
}
