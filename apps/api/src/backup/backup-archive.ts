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
 *
 * This file holds the format's constants and header; archive-sealer.ts seals the chunks,
 * archive-writer.ts writes an archive and archive-reader.ts reads one.
 */

export const archiveFormatVersion = 1
export const magic = Buffer.from('FANSHELF-BACKUP\n', 'ascii')
export const chunkBytes = 64 * 1024
export const tagBytes = 16
export const maxHeaderBytes = 64 * 1024
/** scrypt cost: 2^17 × 8 × 128 bytes = 128 MiB and a few hundred milliseconds per derivation. */
export const scryptCost = { logN: 17, r: 8, p: 1 } as const
/** The least a passphrase may have when a backup is made (restore takes whatever opens the file). */
export const minimumPassphraseLength = 12

export type Protection = 'scrypt-aes-256-gcm' | 'none'

export interface ArchiveHeader {
  formatVersion: number
  protection: Protection
  chunkBytes: number
  kdf?: { name: 'scrypt'; logN: number; r: number; p: number; salt: string }
  nonce?: string
  keyCheck?: string
}

export function encodeHeader(header: ArchiveHeader): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  const length = Buffer.alloc(4)
  length.writeUInt32BE(json.length)
  return Buffer.concat([magic, length, json])
}

export function truncated(file: string): BackupError {
  return new BackupError(
    'BACKUP_TRUNCATED',
    `${file} is truncated (it ends before its last chunk): it cannot be restored. Nothing was restored.`,
  )
}

export function damaged(file: string, why: string): BackupError {
  return new BackupError('BACKUP_DAMAGED', `${file} is damaged (${why}): it cannot be restored. Nothing was restored.`)
}

export function parseHeader(file: string, json: Buffer): ArchiveHeader {
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
