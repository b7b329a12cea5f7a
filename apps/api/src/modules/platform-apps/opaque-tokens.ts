import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'

/**
 * Opaque secrets in GitHub's format (api-practices §7, O8): a type prefix ending in `_` (secret
 * scanners spot it; a double-click selects the whole token), 43 base62 characters of randomness
 * (256 bits) and a 6-character base62 CRC32 of the prefix and body. A string that fails the
 * checksum is refused before any database lookup, and stored forms are SHA-256 digests
 * (secret-box.ts `tokenHash`), since the secrets themselves are high-entropy.
 */
export const secretPrefixes = {
  clientSecret: 'fscs_',
  authorizationCode: 'fsac_',
  accessToken: 'fsat_',
  refreshToken: 'fsrt_',
  adminSession: 'fsas_',
  adminLink: 'fsal_',
} as const

export type SecretKind = keyof typeof secretPrefixes

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const bodyLength = 43
const checksumLength = 6

/** `length` uniformly random base62 characters (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += alphabet[byte % 62]
      if (out.length === length) break
    }
  }
  return out
}

function checksum(text: string): string {
  let value = crc32(text)
  let out = ''
  for (let i = 0; i < checksumLength; i++) {
    out = alphabet[value % 62] + out
    value = Math.floor(value / 62)
  }
  return out
}

/** A new secret of this kind, e.g. `fsat_` + 43 random characters + checksum. */
export function mintSecret(kind: SecretKind): string {
  const body = secretPrefixes[kind] + randomBase62(bodyLength)
  return body + checksum(body)
}

const shape = new RegExp(`^[a-z]+_[0-9A-Za-z]{${bodyLength + checksumLength}}$`)

/** True when `value` has the prefix of `kind`, the right length and a matching checksum. */
export function isWellFormedSecret(kind: SecretKind, value: string): boolean {
  if (!value.startsWith(secretPrefixes[kind]) || !shape.test(value)) return false
  const body = value.slice(0, -checksumLength)
  return body.length === secretPrefixes[kind].length + bodyLength && checksum(body) === value.slice(-checksumLength)
}

/** Non-secret identifiers of this module: `app_…` (client ids), `grt_…` (grants), `tfam_…` (token families). */
export function newPlatformId(prefix: 'app_' | 'grt_' | 'tfam_' | 'ases_' | 'alf_' | 'alnk_'): string {
  return prefix + randomBase62(prefix === 'app_' ? 16 : 22)
}
