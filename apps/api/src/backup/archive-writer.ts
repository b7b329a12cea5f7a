import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { type ChunkSealer, deriveKey, digestSealer, gcmSealer, keyCheckOf } from './archive-sealer.js'
import { type ArchiveHeader, archiveFormatVersion, chunkBytes, encodeHeader, scryptCost } from './backup-archive.js'

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
