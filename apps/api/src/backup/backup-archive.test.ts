import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArchiveReader } from './archive-reader.js'
import { bufferEntry, writeArchive } from './archive-writer.js'
import { BackupError } from './backup.errors.js'

/** The backup file format (decision 0034): what a restore can trust, and what it must refuse. */

const passphrase = 'a long enough passphrase'
let dir: string
// Large enough to span several 64 KiB chunks.
const big = randomBytes(200_000)
const small = Buffer.from('{"hello":"world"}')

async function readAll(file: string, secret: string | undefined) {
  const reader = await ArchiveReader.open(file, secret)
  try {
    const entries: Record<string, Buffer> = {}
    for (let entry = await reader.nextEntry(); entry; entry = await reader.nextEntry()) {
      entries[entry.name] = await reader.readEntryBytes(1_000_000)
    }
    await reader.finish()
    return entries
  } finally {
    await reader.close()
  }
}

/** The error reading `file` with `secret` (`null`: no passphrase given) ends in. */
async function refusal(file: string, secret: string | null = passphrase): Promise<BackupError> {
  try {
    await readAll(file, secret ?? undefined)
  } catch (error) {
    if (error instanceof BackupError) return error
    throw error
  }
  throw new Error('the archive was accepted')
}

/** The archive's chunk frames: [offset, length] of each `u8 final · u32 length · sealed`. */
function chunkFrames(bytes: Buffer): [number, number][] {
  let offset = 16 + 4 + bytes.readUInt32BE(16)
  const frames: [number, number][] = []
  while (offset < bytes.length) {
    const length = 5 + bytes.readUInt32BE(offset + 1)
    frames.push([offset, length])
    offset += length
  }
  return frames
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-archive-'))
  await writeArchive(path.join(dir, 'sealed.fsb'), { passphrase }, [bufferEntry('a', small), bufferEntry('b', big)])
  await writeArchive(path.join(dir, 'plain.fsb'), 'none', [bufferEntry('a', small), bufferEntry('b', big)])
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('backup archive', () => {
  it('gives back every entry, byte for byte, with or without a passphrase', async () => {
    expect(await readAll(path.join(dir, 'sealed.fsb'), passphrase)).toEqual({ a: small, b: big })
    expect(await readAll(path.join(dir, 'plain.fsb'), undefined)).toEqual({ a: small, b: big })
    expect(fs.readFileSync(path.join(dir, 'sealed.fsb')).includes(small)).toBe(false)
  })

  it('asks for the passphrase of an encrypted archive and tells a wrong one apart from damage', async () => {
    expect((await refusal(path.join(dir, 'sealed.fsb'), null)).code).toBe('BACKUP_PASSPHRASE_REQUIRED')
    expect((await refusal(path.join(dir, 'sealed.fsb'), 'another passphrase!')).code).toBe('BACKUP_WRONG_PASSPHRASE')
  })

  it('detects a dropped final chunk, swapped chunks and trailing bytes', async () => {
    for (const name of ['sealed.fsb', 'plain.fsb']) {
      const bytes = fs.readFileSync(path.join(dir, name))
      const frames = chunkFrames(bytes)
      expect(frames.length).toBeGreaterThanOrEqual(4)
      const [lastOffset] = frames.at(-1)!
      const dropped = path.join(dir, `dropped-${name}`)
      fs.writeFileSync(dropped, bytes.subarray(0, lastOffset))
      expect((await refusal(dropped)).code).toBe('BACKUP_TRUNCATED')

      const [[aOffset, aLength], [bOffset, bLength]] = [frames[1]!, frames[2]!]
      const swapped = path.join(dir, `swapped-${name}`)
      fs.writeFileSync(
        swapped,
        Buffer.concat([
          bytes.subarray(0, aOffset),
          bytes.subarray(bOffset, bOffset + bLength),
          bytes.subarray(aOffset, aOffset + aLength),
          bytes.subarray(bOffset + bLength),
        ]),
      )
      expect((await refusal(swapped)).message).toContain('failed its integrity check')

      const trailing = path.join(dir, `trailing-${name}`)
      fs.writeFileSync(trailing, Buffer.concat([bytes, Buffer.from('x')]))
      expect((await refusal(trailing)).code).toBe('BACKUP_DAMAGED')
    }
  })

  it('detects a changed byte in an unencrypted archive too', async () => {
    const bytes = Buffer.from(fs.readFileSync(path.join(dir, 'plain.fsb')))
    const index = bytes.indexOf(small)
    bytes[index + 2]! ^= 0x20
    const changed = path.join(dir, 'changed.fsb')
    fs.writeFileSync(changed, bytes)
    expect((await refusal(changed, null)).message).toContain('chunk 0 failed its integrity check')
  })

  it('refuses a newer format version, naming both versions', async () => {
    const bytes = fs.readFileSync(path.join(dir, 'plain.fsb'))
    const headerLength = bytes.readUInt32BE(16)
    const header = JSON.parse(bytes.subarray(20, 20 + headerLength).toString('utf8'))
    const json = Buffer.from(JSON.stringify({ ...header, formatVersion: 2 }))
    const length = Buffer.alloc(4)
    length.writeUInt32BE(json.length)
    const newer = path.join(dir, 'newer.fsb')
    fs.writeFileSync(newer, Buffer.concat([bytes.subarray(0, 16), length, json, bytes.subarray(20 + headerLength)]))
    const error = await refusal(newer, null)
    expect(error.code).toBe('BACKUP_FORMAT_TOO_NEW')
    expect(error.message).toContain('format 2')
  })
})
