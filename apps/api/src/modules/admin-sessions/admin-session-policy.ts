/**
 * The merchant admin's session and sign-in rules (decision 0009), as data.
 */

/** A session ends after this long without a request… */
export const sessionIdleTimeoutMs = 2 * 3_600_000

/** …and never outlives this, however active. */
export const sessionMaxLifetimeMs = 12 * 3_600_000

/** Activity pushes the idle expiry forward at most this often (one write per minute, not per request). */
export const sessionTouchIntervalMs = 60_000

/** Failed sign-ins are counted over this rolling window… */
export const signInFailureWindowMs = 15 * 60_000

/** …at most this many per email address and IP address… */
export const maxFailuresPerEmailAndIp = 5

/** …and at most this many per IP address, whatever the email (credential stuffing). */
export const maxFailuresPerIp = 50

export const sessionCookieName = 'fanshelf_admin_session'
/** The sign-in form's own CSRF cookie (double submit), before any session exists. */
export const signInCookieName = 'fanshelf_admin_sign_in'
/** The header that carries the CSRF token on admin API mutations. */
export const csrfHeaderName = 'x-csrf-token'
/** The form field that carries it on the server-rendered pages. */
export const csrfFieldName = 'csrf_token'
