import { timingSafeEqual } from 'node:crypto'
import fs from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { type ChunkSealer, deriveKey, digestSealer, gcmSealer, keyCheckOf } from './archive-sealer.js'
import { BackupError } from './backup.errors.js'
import {
  type ArchiveHeader,
  damaged,
  magic,
  maxHeaderBytes,
  parseHeader,
  tagBytes,
  truncated,
} from './backup-archive.js'

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
