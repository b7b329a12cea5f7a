/**
 * Lifetimes of the OAuth artefacts (ARCHITECTURE.md "Auth", api-practices §7 and (c)), as data.
 */

/** Authorization codes: single use, 120 s (RFC 6749 allows at most 10 minutes). */
export const authorizationCodeTtlMs = 120_000

/** Access tokens: 3600 s, the contract's `expires_in`. */
export const accessTokenTtlSeconds = 3600

/** Refresh tokens: a sliding 60 days from the last refresh… */
export const refreshTokenIdleTtlMs = 60 * 24 * 3_600_000

/** …within an absolute year from the consent that started the family. */
export const refreshTokenFamilyTtlMs = 365 * 24 * 3_600_000

/** Used and expired codes are kept this long, so a late replay still revokes what the code issued. */
export const codeRetentionMs = 24 * 3_600_000

/** MCP clients that register themselves (RFC 7591, decision 0051): bounds against abuse. */
export const dynamicRegistrationLimits = {
  /** A registration no shop approved by then is forgotten. */
  pendingTtlMs: 24 * 3_600_000,
  /** Registrations from one client address (an IPv6 /64) per window… */
  perAddress: 10,
  windowMs: 3_600_000,
  /** …and registrations awaiting a first approval, server-wide. */
  maxPending: 1_000,
}
