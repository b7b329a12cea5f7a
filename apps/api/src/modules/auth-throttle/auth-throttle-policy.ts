import { createHash } from 'node:crypto'

/**
 * How many failed credential checks each throttle key allows, and over what window (decision 0030).
 * The limits of HTTP Basic are configurable (`AUTH_FAILURES_PER_USER`, `AUTH_FAILURES_PER_ADDRESS`,
 * `AUTH_FAILURE_WINDOW_SECONDS`); the admin sign-in's are product rules (admin-session-policy.ts).
 */
export const basicAuthDefaults = {
  /** Wrong passwords for one API user, from anywhere, before wrong ones meet 429 (right ones still pass). */
  failuresPerUser: 10,
  /** Failed credentials from one client address before it meets 429 whatever it sends. */
  failuresPerAddress: 30,
  windowMs: 60_000,
  /** How long a throttled answer is held before it is sent (it costs a timer, not the event loop). */
  throttledDelayMs: 1_000,
}

/** The OAuth token endpoint's client authentication (client secrets are generated, checked fast). */
export const clientAuthLimits = {
  windowMs: 60_000,
  perClient: 10,
  perAddress: 30,
}

export interface BasicAuthLimits {
  failuresPerUser: number
  failuresPerAddress: number
  windowMs: number
  throttledDelayMs: number
}

/**
 * A caller-chosen subject (an email, a client id) as a key part: a digest, so any text — a NUL,
 * which PostgreSQL text refuses, or 16 KB of header — makes a short, valid key.
 */
const digest = (subject: string) => createHash('sha256').update(subject).digest('base64url')

export const throttleKeys = {
  basicUser: (apiUserId: string) => `basic-user:${apiUserId}`,
  basicAddress: (address: string) => `basic-address:${address}`,
  signInEmailAndAddress: (email: string, address: string) => `sign-in:${digest(email)}|${address}`,
  signInAddress: (address: string) => `sign-in-address:${address}`,
  oauthClient: (clientId: string) => `oauth-client:${digest(clientId)}`,
  oauthAddress: (address: string) => `oauth-address:${address}`,
  clientRegistrationAddress: (address: string) => `oauth-registration:${address}`,
}
