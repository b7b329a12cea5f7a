import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  type ScryptOptions,
  scrypt,
  timingSafeEqual,
} from 'node:crypto'
import fs from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { BackupError } from './backup.errors.js'

/**
 * The backup file format (decision 0034): a plaintext header, then the content as a sequence of
 * sealed chunks. The content is a sequence of named entries (the manifest first, then the database,
 * the secret key, and later stored media), each `u16 name length · name · u64 size · bytes`, ended
 * by a zero name length.
 *
 *   file   := magic "FANSHELF-BACKUP\n" · u32 header length · header JSON · chunk* (the last one final)
 *   chunk  := u8 final · u32 sealed length · sealed
 *   sealed := AES-256-GCM(chunk bytes) · 16-byte tag   (protection "scrypt-aes-256-gcm")
 *           | chunk bytes · first 16 bytes of SHA-256   (protection "none": integrity only)
 *
 * Every tag covers the whole header, the chunk's index and its final flag, so a changed header, a
 * reordered, dropped or altered chunk, and a file cut at a chunk boundary are all detected; the
 * reader checks each chunk before handing out a byte of it. The GCM key is scrypt(passphrase, salt)
 * with the header's parameters; the header also carries a check value of the key, so a wrong
 * passphrase is told apart from a damaged file before any chunk is read.
 */

export const archiveFormatVersion = 1
const magic = Buffer.from('FANSHELF-BACKUP\n', 'ascii')
const chunkBytes = 64 * 1024
const tagBytes = 16
const maxHeaderBytes = 64 * 1024
/** scrypt cost: 2^17 × 8 × 128 bytes = 128 MiB and a few hundred milliseconds per derivation. */
const scryptCost = { logN: 17, r: 8, p: 1 } as const
/** The least a passphrase may have when a backup is made (restore takes whatever opens the file). */
export const minimumPassphraseLength = 12

type Protection = 'scrypt-aes-256-gcm' | 'none'

interface ArchiveHeader {
  formatVersion: number
  protection: Protection
  chunkBytes: number
  kdf?: { name: 'scrypt'; logN: number; r: number; p: number; salt: string }
  nonce?: string
  keyCheck?: string
}

/** Seals and opens one chunk; `index` and `final` are authenticated with it. */
interface ChunkSealer {
  seal(index: number, final: boolean, plaintext: Buffer): Buffer
  /** The chunk's bytes, or undefined when its tag does not match. */
  open(index: number, final: boolean, sealed: Buffer): Buffer | undefined
}

function chunkLabel(headerBytes: Buffer, index: number, final: boolean): Buffer {
  const label = Buffer.alloc(9)
  label.writeBigUInt64BE(BigInt(index), 0)
  label[8] = final ? 1 : 0
  return Buffer.concat([headerBytes, label])
}

function gcmSealer(key: Buffer, nonce: Buffer, headerBytes: Buffer): ChunkSealer {
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
function digestSealer(headerBytes: Buffer): ChunkSealer {
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

function deriveKey(passphrase: string, salt: Buffer, cost: { logN: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.logN * cost.r }
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

function keyCheckOf(key: Buffer): Buffer {
  return createHmac('sha256', key).update('fanshelf-backup passphrase check v1').digest().subarray(0, tagBytes)
}

function encodeHeader(header: ArchiveHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(json.length)
  return Buffer.concat([magic, length, json])
}

/** One entry to write: its name, exact size and bytes. */
export interface ArchiveEntrySource {
  name: string
  size: number
  read(): AsyncIterable<Buffer>
}

export function bufferEntry(name: string, bytes: Buffer): ArchiveEntrySource {
  return {
    name,
    size: bytes.length,
    async *read() {
      yield bytes
    },
  }
}

export function fileEntry(name: string, file: string): ArchiveEntrySource {
  return {
    name,
    size: fs.statSync(file).size,
    read: () => fs.createReadStream(file, { highWaterMark: chunkBytes }),
  }
}

function entryPreamble(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8')
  const preamble = Buffer.alloc(2 + nameBytes.length + 8)
  preamble.writeUInt16BE(nameBytes.length, 0)
  nameBytes.copy(preamble, 2)
  preamble.writeBigUInt64BE(BigInt(size), 2 + nameBytes.length)
  return preamble
}

/**
 * Writes an archive of `entries`, in order, to `file`: into a temporary file beside it first, renamed
 * over `file` once complete (mode 0600), so `file` is never a half-written backup.
 */
export async function writeArchive(
  file: string,
  protection: { passphrase: string } | 'none',
  entries: ArchiveEntrySource[],
): Promise<{ bytes: number }> {
  let header: ArchiveHeader
  let sealerFor: (headerBytes: Buffer) => ChunkSealer
  if (protection === 'none') {
    header = { formatVersion: archiveFormatVersion, protection: 'none', chunkBytes }
    sealerFor = digestSealer
  } else {
    const salt = randomBytes(16)
    const nonce = randomBytes(12)
    const key = await deriveKey(protection.passphrase, salt, scryptCost)
    header = {
      formatVersion: archiveFormatVersion,
      protection: 'scrypt-aes-256-gcm',
      chunkBytes,
      kdf: { name: 'scrypt', ...scryptCost, salt: salt.toString('base64') },
      nonce: nonce.toString('base64'),
      keyCheck: keyCheckOf(key).toString('base64'),
    }
    sealerFor = (headerBytes) => gcmSealer(key, nonce, headerBytes)
  }
  const headerBytes = encodeHeader(header)
  const sealer = sealerFor(headerBytes)

  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.partial`)
  const handle = await fs.promises.open(temporary, 'wx', 0o600)
  let written = 0
  let index = 0
  let pending: Buffer[] = []
  let pendingLength = 0
  const write = async (bytes: Buffer) => {
    await handle.write(bytes)
    written += bytes.length
  }
  const emit = async (plaintext: Buffer, final: boolean) => {
    const sealed = sealer.seal(index++, final, plaintext)
    const frame = Buffer.alloc(5)
    frame[0] = final ? 1 : 0
    frame.writeUInt32BE(sealed.length, 1)
    await write(Buffer.concat([frame, sealed]))
  }
  const push = async (bytes: Buffer) => {
    pending.push(bytes)
    pendingLength += bytes.length
    // Keep at least one byte back: the last chunk written must be the final one.
    while (pendingLength > chunkBytes) {
      const all = Buffer.concat(pending)
      await emit(all.subarray(0, chunkBytes), false)
      pending = [all.subarray(chunkBytes)]
      pendingLength = all.length - chunkBytes
    }
  }
  try {
    await write(headerBytes)
    for (const entry of entries) {
      await push(entryPreamble(entry.name, entry.size))
      let size = 0
      for await (const piece of entry.read()) {
        size += piece.length
        await push(piece)
      }
      if (size !== entry.size)
        throw new Error(`${entry.name} changed while it was written (${size} of ${entry.size} bytes)`)
    }
    await push(Buffer.alloc(2))
    await emit(Buffer.concat(pending), true)
    await handle.sync()
    await handle.close()
    await fs.promises.rename(temporary, file)
    return { bytes: written }
  } catch (error) {
    await handle.close().catch(() => {})
    await fs.promises.rm(temporary, { force: true })
    throw error
  }
}

/**
 * Reads an archive entry by entry. Every byte handed out has passed its chunk's check; `finish()`
 * confirms the archive ended where its writer ended it.
 */
export class ArchiveReader {
  private plaintext: Buffer = Buffer.alloc(0)
  private chunkIndex = 0
  private finalRead = false
  private remainingInEntry = 0

  private constructor(
    private readonly file: string,
    private readonly handle: FileHandle,
    private position: number,
    private readonly sealer: ChunkSealer,
    private readonly header: ArchiveHeader,
  ) {}

  /** Whether the archive is encrypted with a passphrase. */
  get isEncrypted(): boolean {
    return this.header.protection === 'scrypt-aes-256-gcm'
  }

  /**
   * Opens `file` and checks its header and, for an encrypted archive, the passphrase — before any
   * content is read.
   */
  static async open(file: string, passphrase: string | undefined): Promise<ArchiveReader> {
    let handle: FileHandle
    try {
      handle = await fs.promises.open(file, 'r')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new BackupError('BACKUP_FILE_NOT_FOUND', `There is no backup file at ${file}.`)
      throw error
    }
    try {
      const start = await readUpTo(handle, 0, magic.length + 4)
      if (start.length < magic.length || !start.subarray(0, magic.length).equals(magic))
        throw new BackupError('BACKUP_NOT_AN_ARCHIVE', `${file} is not a Fanshelf backup (made by fanshelf backup).`)
      if (start.length < magic.length + 4) throw truncated(file)
      const headerLength = start.readUInt32BE(magic.length)
      if (headerLength > maxHeaderBytes) throw damaged(file, 'its header is unreadable')
      const json = await readUpTo(handle, magic.length + 4, headerLength)
      if (json.length < headerLength) throw truncated(file)
      const header = parseHeader(file, json)
      const headerBytes = Buffer.concat([start, json])
      let sealer: ChunkSealer
      if (header.protection === 'none') sealer = digestSealer(headerBytes)
      else {
        if (!passphrase)
          throw new BackupError(
            'BACKUP_PASSPHRASE_REQUIRED',
            `${file} is encrypted: give its passphrase with --passphrase-file <file> or FANSHELF_BACKUP_PASSPHRASE.`,
          )
        const kdf = header.kdf as NonNullable<ArchiveHeader['kdf']>
        const key = await deriveKey(passphrase, Buffer.from(kdf.salt, 'base64'), kdf)
        if (!timingSafeEqual(keyCheckOf(key), Buffer.from(header.keyCheck as string, 'base64')))
          throw new BackupError(
            'BACKUP_WRONG_PASSPHRASE',
            `The passphrase does not open ${file} (wrong passphrase, or a damaged header). Nothing was restored.`,
          )
        sealer = gcmSealer(key, Buffer.from(header.nonce as string, 'base64'), headerBytes)
      }
      return new ArchiveReader(file, handle, headerBytes.length, sealer, header)
    } catch (error) {
      await handle.close()
      throw error
    }
  }

  /** The next entry's name and size, or undefined at the end of the archive. */
  async nextEntry(): Promise<{ name: string; size: number } | undefined> {
    if (this.remainingInEntry > 0) throw new Error('The previous entry was not read to its end')
    const nameLength = (await this.take(2)).readUInt16BE(0)
    if (nameLength === 0) return undefined
    const name = (await this.take(nameLength)).toString('utf8')
    const size = Number((await this.take(8)).readBigUInt64BE(0))
    if (!Number.isSafeInteger(size)) throw damaged(this.file, `the entry ${name} has an impossible size`)
    this.remainingInEntry = size
    return { name, size }
  }

  /** Hands the current entry's bytes to `sink`, piece by piece. */
  async readEntry(sink: (piece: Buffer) => void | Promise<void>): Promise<void> {
    while (this.remainingInEntry > 0) {
      if (this.plaintext.length === 0) await this.nextChunk()
      const piece = this.plaintext.subarray(0, Math.min(this.remainingInEntry, this.plaintext.length))
      this.plaintext = this.plaintext.subarray(piece.length)
      this.remainingInEntry -= piece.length
      await sink(piece)
    }
  }

  /** The current entry's bytes in memory (for the small ones: the manifest, the key). */
  async readEntryBytes(limit: number): Promise<Buffer> {
    if (this.remainingInEntry > limit) throw damaged(this.file, `an entry is larger than ${limit} bytes`)
    const pieces: Buffer[] = []
    await this.readEntry((piece) => {
      pieces.push(Buffer.from(piece))
    })
    return Buffer.concat(pieces)
  }

  /** After the end marker: the final chunk was the last one read and the file ends with it. */
  async finish(): Promise<void> {
    if (!this.finalRead || this.plaintext.length > 0) throw damaged(this.file, 'content follows its end marker')
    const extra = await readUpTo(this.handle, this.position, 1)
    if (extra.length > 0) throw damaged(this.file, 'bytes follow its last chunk')
  }

  async close(): Promise<void> {
    await this.handle.close()
  }

  private async take(length: number): Promise<Buffer> {
    const parts: Buffer[] = []
    let needed = length
    while (needed > 0) {
      if (this.plaintext.length === 0) await this.nextChunk()
      const part = this.plaintext.subarray(0, Math.min(needed, this.plaintext.length))
      this.plaintext = this.plaintext.subarray(part.length)
      needed -= part.length
      parts.push(part)
    }
    return Buffer.concat(parts)
  }

  private async nextChunk(): Promise<void> {
    if (this.finalRead) throw damaged(this.file, 'its content ends in the middle of an entry')
    const frame = await readUpTo(this.handle, this.position, 5)
    if (frame.length < 5) throw truncated(this.file)
    const final = frame[0] === 1
    const length = frame.readUInt32BE(1)
    if (frame[0]! > 1 || length < tagBytes || length > this.header.chunkBytes + tagBytes)
      throw damaged(this.file, `chunk ${this.chunkIndex} has an impossible length`)
    const sealed = await readUpTo(this.handle, this.position + 5, length)
    if (sealed.length < length) throw truncated(this.file)
    const opened = this.sealer.open(this.chunkIndex, final, sealed)
    if (!opened) throw damaged(this.file, `chunk ${this.chunkIndex} failed its integrity check`)
    this.position += 5 + length
    this.chunkIndex++
    this.finalRead = final
    this.plaintext = opened
  }
}

async function readUpTo(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length)
  let filled = 0
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buffer.subarray(0, filled)
}

function truncated(file: string): BackupError {
  return new BackupError(
    'BACKUP_TRUNCATED',
    `${file} is truncated (it ends before its last chunk): it cannot be restored. Nothing was restored.`,
  )
}

function damaged(file: string, why: string): BackupError {
  return new BackupError('BACKUP_DAMAGED', `${file} is damaged (${why}): it cannot be restored. Nothing was restored.`)
}

function parseHeader(file: string, json: Buffer): ArchiveHeader {
  let header: ArchiveHeader
  try {
    header = JSON.parse(json.toString('utf8')) as ArchiveHeader
  } catch {
    throw damaged(file, 'its header is unreadable')
  }
  if (typeof header !== 'object' || header === null || !Number.isInteger(header.formatVersion))
    throw damaged(file, 'its header has no format version')
  if (header.formatVersion > archiveFormatVersion)
    throw new BackupError(
      'BACKUP_FORMAT_TOO_NEW',
      `${file} uses backup format ${header.formatVersion}; this Fanshelf reads format ${archiveFormatVersion}. Restore it with the Fanshelf release that made it, or a newer one.`,
    )
  if (header.formatVersion < 1) throw damaged(file, 'its header has an unknown format version')
  if (!Number.isInteger(header.chunkBytes) || header.chunkBytes < 1 || header.chunkBytes > 16 * 2 ** 20)
    throw damaged(file, 'its header has an impossible chunk size')
  if (header.protection === 'none') return header
  const kdf = header.kdf
  const withinBounds =
    header.protection === 'scrypt-aes-256-gcm' &&
    kdf?.name === 'scrypt' &&
    Number.isInteger(kdf.logN) &&
    kdf.logN >= 14 &&
    kdf.logN <= 20 &&
    Number.isInteger(kdf.r) &&
    kdf.r >= 1 &&
    kdf.r <= 32 &&
    Number.isInteger(kdf.p) &&
    kdf.p >= 1 &&
    kdf.p <= 4 &&
    typeof kdf.salt === 'string' &&
    typeof header.nonce === 'string' &&
    Buffer.from(header.nonce, 'base64').length === 12 &&
    typeof header.keyCheck === 'string' &&
    Buffer.from(header.keyCheck, 'base64').length === tagBytes
  if (!withinBounds) throw damaged(file, 'its header names an unknown protection')
  return header
}
