import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp, loadConfig } from '@fanshelf/api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../cli.js'
import { captureIo as capture } from '../testing/capture-io.js'

/**
 * `fanshelf backup` / `fanshelf restore` on an install that stores media in an S3 bucket
 * (`MEDIA_S3_URL`, decisions 0034 and 0036): the bucket is not in the backup, and both commands
 * tell the operator where it is and how to keep it — without its credentials.
 */

const secret = 'bucket-secret-0123456789'
const savedEnv = { ...process.env }
let root: string

async function cli(args: string[]) {
  const c = capture()
  const code = await run(args, c.io)
  return { code, out: c.out, err: c.err }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-backup-s3-'))
  process.env.DATABASE_URL = ''
  process.env.SECRET_KEY = ''
  process.env.ROLES = 'api'
  process.env.LOG_LEVEL = 'silent'
  process.env.SEED_DEMO = 'false'
  process.env.FANSHELF_BACKUP_PASSPHRASE = ''
  process.env.DATA_DIR = path.join(root, 'install')
  // The install's database (migrated); the backup reads only it, so the bucket need not exist.
  const app = await buildApp(loadConfig(), { logger: false, worker: false })
  await app.close()
})

afterAll(() => {
  process.env = savedEnv
  fs.rmSync(root, { recursive: true, force: true })
})

describe('an install whose media live in an S3 bucket', () => {
  const archive = () => path.join(root, 'install.fsb')

  it('fanshelf backup says the bucket is not in the backup and how to back it up', async () => {
    process.env.MEDIA_S3_URL = `s3://MEDIAKEY:${secret}@shop-media/fanshelf?endpoint=https://objects.example.com&region=auto`
    const backup = await cli(['backup', archive(), '--without-key'])
    expect(backup.err).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.out).toContain('Uploaded media are NOT in this backup')
    expect(backup.out).toContain('S3 bucket s3://shop-media/fanshelf/')
    expect(backup.out).toContain(
      'aws s3 sync s3://shop-media/fanshelf/ <directory> --endpoint-url https://objects.example.com',
    )
    expect(backup.out).not.toContain(secret)
    expect(backup.out).not.toContain('MEDIAKEY')
  })

  it('fanshelf restore says to point MEDIA_S3_URL at that bucket', async () => {
    process.env.MEDIA_S3_URL = ''
    process.env.DATA_DIR = path.join(root, 'restored')
    const restore = await cli(['restore', archive()])
    expect(restore.err).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.out).toContain(
      'stored media in the S3 bucket s3://shop-media/fanshelf/, which a backup does not hold: set MEDIA_S3_URL to that bucket',
    )
  })

  it('says nothing of buckets when media are in the database', async () => {
    process.env.DATA_DIR = path.join(root, 'install')
    const backup = await cli(['backup', path.join(root, 'plain.fsb'), '--without-key'])
    expect(backup.code).toBe(0)
    expect(backup.out).not.toContain('bucket')
  })
})
