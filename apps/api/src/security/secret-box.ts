import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Encrypts secrets that must be read back (webhook signing secrets, app HMAC keys) with
 * AES-256-GCM under a server key. Secrets that only need checking (passwords, tokens) are hashed
 * instead. The key lives in DATA_DIR/secret.key (created on first start) or SECRET_KEY.
 */
/** The stored form of a generated credential: `hmac-sha256$<digest>` (decision 0030). */
const credentialDigestPrefix = 'hmac-sha256$'

export class SecretBox {
  /** A subkey of the server key that only digests generated credentials (the "pepper"). */
  private readonly credentialKey: Buffer

  private constructor(private readonly key: Buffer) {
    this.credentialKey = Buffer.from(
      hkdfSync('sha256', key, Buffer.alloc(0), 'fanshelf generated-credential digest v1', 32),
    )
  }

  static fromKey(material: string): SecretBox {
    return new SecretBox(createHash('sha256').update(material).digest())
  }

  /** SECRET_KEY when configured, else DATA_DIR/secret.key. */
  static fromConfig(config: { secretKey: string | undefined; dataDir: string }): SecretBox {
    return config.secretKey ? SecretBox.fromKey(config.secretKey) : SecretBox.fromDataDir(config.dataDir)
  }

  /** Reads DATA_DIR/secret.key, creating it (mode 0600) on first use. */
  static fromDataDir(dataDir: string): SecretBox {
    const file = path.join(dataDir, 'secret.key')
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dataDir, { recursive: true })
      fs.writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' })
    }
    return SecretBox.fromKey(fs.readFileSync(file, 'utf8').trim())
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
      '.',
    )
  }

  /**
   * The stored form of a generated, high-entropy credential (API-user passwords): a keyed
   * HMAC-SHA-256, microseconds to check, so a flood of wrong guesses costs no more than any other
   * request. A memory-hard hash buys nothing against 192 random bits; the key means a stolen
   * database alone cannot even confirm a guess. Human passwords keep the slow hash (passwords.ts).
   */
  digestCredential(secret: string): string {
    return credentialDigestPrefix + createHmac('sha256', this.credentialKey).update(secret).digest('base64url')
  }

  /** Whether `stored` is a credential digest (rather than an older slow hash). */
  static isCredentialDigest(stored: string): boolean {
    return stored.startsWith(credentialDigestPrefix)
  }

  /** Checks a credential against its digest in constant time. */
  matchesCredential(secret: string, stored: string): boolean {
    const expected = Buffer.from(stored, 'utf8')
    const actual = Buffer.from(this.digestCredential(secret), 'utf8')
    return (
      SecretBox.isCredentialDigest(stored) && actual.length === expected.length && timingSafeEqual(actual, expected)
    )
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.')
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unrecognised sealed secret')
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
  }
}

/** Stored form of a bearer secret (tokens, codes): SHA-256, since the secret itself is high-entropy. */
export function tokenHash(token: string): string {
  // One-shot `hash`: no Hash object per call (bearer tokens are hashed on every request).
  return hash('sha256', token, 'base64url')
}
