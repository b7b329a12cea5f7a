import { validationError } from '../../errors/domain-error.js'

/**
 * No credentials in a webhook URL (decision 0029). `https://user:password@host/…` would be stored
 * in plain text and shown wherever the configuration is (the open API, the admin, the delivery
 * log), and sent as HTTP Basic on every delivery. A receiver proves a delivery is ours by its
 * signature instead. Every writer of a configuration's URL — the open API and the admin — goes
 * through `assertNoUrlCredentials` (the configuration service calls it), before any other URL check,
 * so that no later error echoes the URL.
 */

export const noCredentialsRule = 'noCredentials'

export const noCredentialsMessage =
  'must not contain credentials (user:password@): verify the signature of each delivery ' +
  '(X-Fourthwall-Hmac-SHA256 or webhook-signature) instead of HTTP Basic'

/**
 * Whether the URL carries userinfo as a WHATWG URL parser (the one deliveries are sent with) reads
 * it: a user name, a password, or both. An unparsable URL has none (other rules refuse it).
 */
export function hasUrlCredentials(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return parsed.username !== '' || parsed.password !== ''
}

/** Throws `REQUEST_VALIDATION_FAILED` (field `url`, rule `noCredentials`) when the URL embeds credentials. */
export function assertNoUrlCredentials(url: string): void {
  if (hasUrlCredentials(url)) {
    throw validationError([{ location: 'body', field: 'url', rule: noCredentialsRule, message: noCredentialsMessage }])
  }
}
