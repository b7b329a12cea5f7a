import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto'

/**
 * Password hashing with scrypt (node:crypto, no native addon). Format: `scrypt$N$r$p$salt$hash`.
 * Parameters are modest because API-user passwords are generated with 192 bits of entropy; a
 * verified-credential cache (api-users) keeps hashing off the hot path.
 */
const params = { N: 16384, r: 8, p: 1, keyLength: 32 }

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, params.N, params.r, params.p, params.keyLength)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/**
 * `hashPassword` on the calling thread, for start-up work that runs before the server listens (the
 * demo seed). scrypt's 16 MiB working buffer is then the main thread's, given back once freed,
 * instead of staying in the allocator arena of each libuv pool thread that ran one: four hashes in
 * parallel at start-up kept ~64 MB of the server's resident set for its whole life (decision 0050).
 */
export function hashPasswordBlocking(password: string): string {
  const salt = randomBytes(16)
  const key = scryptSync(password, salt, params.keyLength, {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 64 * 1024 * 1024,
  })
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, N, r, p, salt, hash] = stored.split('$')
  if (algorithm !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(N),
    Number(r),
    Number(p),
    expected.length,
  )
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * The stored hash of an admin who has not chosen a password yet (a shop's new owner, an invited
 * person): no password verifies against it (`verifyPassword` needs an scrypt hash), like `!` in
 * /etc/shadow. Sign-in checks the decoy instead, so such an account answers in the same time.
 */
export const noPasswordYet = '!'

export function hasPassword(stored: string): boolean {
  return stored !== noPasswordYet
}

/** A hash of a random password: verifying against it costs the same as a real one (equal-time failures). */
export const decoyHash = await hashPassword(randomBytes(24).toString('base64url'))

/** A high-entropy generated secret (API-user passwords, client secrets): 192 bits, url-safe. */
export function generateSecret(prefix = ''): string {
  return prefix + randomBytes(24).toString('base64url')
}
