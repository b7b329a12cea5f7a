import type { FastifyRequest } from 'fastify'
import type { Config } from '../config.js'

/**
 * The API's logger settings (decision 0013): one JSON object per line (pino), every line about a
 * request carrying its `requestId` — the id the `Request-Id` response header and a 5xx body quote
 * — and no credential in any line. Fastify logs each request's method, URL and status; the URL
 * is logged with credential-bearing query parameters masked, and any object a handler logs is
 * stripped of credential headers and secret body fields by pino's redaction.
 */

/** Logged in place of a secret. */
export const redactedValue = '[REDACTED]'

/** Query parameters that carry a credential (the storefront token, OAuth material). */
export const secretQueryParameters: readonly string[] = [
  'storefront_token',
  'access_token',
  'refresh_token',
  'client_secret',
  'code',
  'code_verifier',
  'token',
  'password',
]

/** Fields that carry a credential, wherever a logged object holds them (top level or one level down). */
const secretFields = [
  'password',
  'currentPassword',
  'newPassword',
  'client_secret',
  'clientSecret',
  'refresh_token',
  'refreshToken',
  'access_token',
  'accessToken',
  'code_verifier',
  'csrf_token',
  'csrfToken',
  'storefront_token',
  'storefrontToken',
]

/** Names too common to censor everywhere (`err.code`), censored in logged request bodies only. */
const secretBodyFields = ['code', 'token', 'secret']

const secretHeaders = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-csrf-token']

/** pino redaction paths: credential headers of logged requests/responses and secret fields. */
export const redactPaths: readonly string[] = [
  ...secretHeaders.flatMap((name) =>
    ['req', 'res', 'request', 'response', 'reply'].map((holder) => `${holder}.headers["${name}"]`),
  ),
  ...secretHeaders.map((name) => `headers["${name}"]`),
  ...secretFields.flatMap((name) => [name, `*.${name}`, `*.body.${name}`]),
  ...secretBodyFields.flatMap((name) => [`body.${name}`, `*.body.${name}`]),
]

/** The URL with every credential-bearing query parameter's value replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?')
  if (question < 0) return url
  const query = url.slice(question + 1)
  const masked = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const rawName = equals < 0 ? pair : pair.slice(0, equals)
      let name = rawName
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // A malformed escape: compare the raw name.
      }
      return secretQueryParameters.includes(name.toLowerCase()) ? `${rawName}=${redactedValue}` : pair
    })
    .join('&')
  return `${url.slice(0, question)}?${masked}`
}

/** Fastify logger options for `config`; `stream` replaces stdout (tests capture the lines). */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  return {
    level: config.logLevel,
    redact: { paths: [...redactPaths], censor: redactedValue },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        }
      },
    },
    ...(stream ? { stream } : {}),
  }
}
