import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * PKCE (RFC 7636) with S256 only (RFC 9700 §2.1.1): `plain` is refused, the challenge is the
 * 43-character base64url SHA-256 of a verifier of 43–128 unreserved characters.
 */
export const supportedChallengeMethods = ['S256'] as const

const challengeShape = /^[A-Za-z0-9_-]{43}$/
const verifierShape = /^[A-Za-z0-9._~-]{43,128}$/

/** Why the consent request's PKCE parameters are unacceptable, or undefined when they are fine (or absent). */
export function challengeProblem(challenge: string | undefined, method: string | undefined): string | undefined {
  if (challenge === undefined) {
    return method === undefined ? undefined : 'code_challenge_method was sent without a code_challenge'
  }
  if (method !== 'S256') {
    return method === undefined
      ? 'code_challenge_method is required and must be S256'
      : `code_challenge_method ${method} is not supported; use S256`
  }
  if (!challengeShape.test(challenge))
    return 'code_challenge must be the base64url SHA-256 of the verifier (43 characters)'
  return undefined
}

export function isWellFormedVerifier(verifier: string): boolean {
  return verifierShape.test(verifier)
}

/** The S256 `code_challenge` of a verifier: the base64url SHA-256, no padding. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/** A fresh random verifier (43 base64url characters: 256 bits), as a client makes one per consent. */
export function newVerifier(): string {
  return randomBytes(32).toString('base64url')
}

export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(s256Challenge(verifier))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}
