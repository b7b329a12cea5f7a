import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  type ScryptOptions,
  scrypt,
  timingSafeEqual,
} from 'node:crypto'
import { tagBytes } from './backup-archive.js'

/** How the archive's chunks are sealed and opened (see backup-archive.ts), and the passphrase's key. */

/** Seals and opens one chunk; `index` and `final` are authenticated with it. */
export interface ChunkSealer {
  seal(index: number, final: boolean, plaintext: Buffer): Buffer
  /** The chunk's bytes, or undefined when its tag does not match. */
  open(index: number, final: boolean, sealed: Buffer): Buffer | undefined
}

export function chunkLabel(headerBytes: Buffer, index: number, final: boolean): Buffer {
  const label = Buffer.alloc(9)
  label.writeBigUInt64BE(BigInt(index), 0)
  label[8] = final ? 1 : 0
  return Buffer.concat([headerBytes, label])
}

export function gcmSealer(key: Buffer, nonce: Buffer, headerBytes: Buffer): ChunkSealer {
  const nonceFor = (index: number) => {
    const counter = Buffer.alloc(8)
    counter.writeBigUInt64BE(BigInt(index))
    const chunkNonce = Buffer.from(nonce)
    for (let i = 0; i < 8; i++) chunkNonce[4 + i] = (chunkNonce[4 + i] as number) ^ (counter[i] as number)
    return chunkNonce
  }
  return {
    seal(index, final, plaintext) {
      const cipher = createCipheriv('aes-256-gcm', key, nonceFor(index))
      cipher.setAAD(chunkLabel(headerBytes, index, final))
      return Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
    },
    open(index, final, sealed) {
      if (sealed.length < tagBytes) return undefined
      const decipher = createDecipheriv('aes-256-gcm', key, nonceFor(index))
      decipher.setAAD(chunkLabel(headerBytes, index, final))
      decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes))
      try {
        return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - tagBytes)), decipher.final()])
      } catch {
        return undefined
      }
    },
  }
}

/** Without a passphrase: the same framing with a digest instead of a tag (detects damage, not tampering). */
export function digestSealer(headerBytes: Buffer): ChunkSealer {
  const digest = (index: number, final: boolean, plaintext: Buffer) =>
    createHash('sha256')
      .update(chunkLabel(headerBytes, index, final))
      .update(plaintext)
      .digest()
      .subarray(0, tagBytes)
  return {
    seal: (index, final, plaintext) => Buffer.concat([plaintext, digest(index, final, plaintext)]),
    open(index, final, sealed) {
      if (sealed.length < tagBytes) return undefined
      const plaintext = sealed.subarray(0, sealed.length - tagBytes)
      const expected = digest(index, final, plaintext)
      return timingSafeEqual(expected, sealed.subarray(sealed.length - tagBytes)) ? plaintext : undefined
    },
  }
}

export function deriveKey(
  passphrase: string,
  salt: Buffer,
  cost: { logN: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.logN * cost.r }
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

export function keyCheckOf(key: Buffer): Buffer {
  return createHmac('sha256', key).update('fanshelf-backup passphrase check v1').digest().subarray(0, tagBytes)
}
