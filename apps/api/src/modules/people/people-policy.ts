import { createHash } from 'node:crypto'

/**
 * The rules of shops' people and their one-time links (decision 0035), as data.
 */

export type AdminLinkPurpose = 'SET_PASSWORD' | 'INVITATION' | 'PASSWORD_RESET'

/** How long each kind of link works: the owner's and an invitation a day, a reset an hour. */
export const linkLifetimeMs: Record<AdminLinkPurpose, number> = {
  SET_PASSWORD: 24 * 3_600_000,
  INVITATION: 24 * 3_600_000,
  PASSWORD_RESET: 3_600_000,
}

/** Passwords people choose: long enough to resist guessing, short enough to hash cheaply. */
export const passwordRules = { minLength: 12, maxLength: 200 } as const

/** Wrong or dead link tokens from one client address before it meets 429 (as sign-in: decision 0030). */
export const linkFailuresPerAddress = 20
/** Reset requests from one address, and for one email from anywhere, before 429 (no mail bombing). */
export const resetRequestsPerAddress = 10
export const resetRequestsPerEmail = 3
export const linkThrottleWindowMs = 15 * 60_000

/** People's fields (CLI and admin answer the same rules; a shop's own: shops/shop-fields.ts). */
export const emailPattern = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/
export const maxEmailLength = 254
export const maxNameLength = 200

/** The admin pages that redeem and request links. */
export const setPasswordPath = '/admin/set-password'
export const forgotPasswordPath = '/admin/forgot-password'
/** The set-password form's own CSRF cookie (double submit, as the sign-in form). */
export const passwordFormCookieName = 'fanshelf_admin_password_form'

const digest = (subject: string) => createHash('sha256').update(subject).digest('base64url')

export const linkThrottleKeys = {
  redeemAddress: (address: string) => `admin-link-address:${address}`,
  resetAddress: (address: string) => `password-reset-address:${address}`,
  resetEmail: (email: string) => `password-reset-email:${digest(email)}`,
}

/** An admin's email as stored and compared: trimmed, lower-case. */
export function normalisedEmail(email: string): string {
  return email.trim().toLowerCase()
}
