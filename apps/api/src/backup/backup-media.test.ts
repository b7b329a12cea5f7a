import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { type Config, parseConfig } from '../config.js'
import { seedDemo } from '../seed/demo-seed.js'
import { createBackup } from './backup.service.js'
import { restoreBackup } from './restore.service.js'

/**
 * Uploaded media and backups (decisions 0034, 0036). Stored in the database (the default), an
 * image is in the backup: restored into an empty install, it is served with the same bytes. Stored
 * in an S3 bucket, it is not: the manifest names the bucket (never its credentials) so the
 * operator backs it up separately.
 */

const passphrase = 'media backup passphrase'
let root: string

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-backup-media-'))
})
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

function install(name: string, env: Record<string, string> = {}): Config {
  return parseConfig({ DATA_DIR: path.join(root, name), LOG_LEVEL: 'silent', ROLES: 'api', SEED_DEMO: 'false', ...env })
}

const serve = (app: FastifyInstance, url: string) =>
  app.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search })

describe('media stored in the database', () => {
  it('are in the backup: restored into an empty install, the image is served with the same bytes', async () => {
    const source = install('source')
    const app = await buildApp(source, { logger: false, worker: false })
    let image: { id: string; url: string; transformedUrl: string }
    let original: Buffer
    let narrow: Buffer
    try {
      const credentials = await seedDemo(app.platform.services.db, {
        secretBox: app.platform.services.secretBox,
        publicUrl: source.publicUrl,
        now: Date.now(),
        media: app.platform.services.media,
      })
      const owner = credentials.shops[0]!.admins.find((admin) => admin.role === 'SUPER_ADMIN')!
      const session = await app.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { email: owner.email, password: owner.password },
      })
      const photo = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#d35400' } })
        .jpeg()
        .toBuffer()
      const uploaded = await app.inject({
        method: 'POST',
        url: '/admin/api/media?name=storefront.jpg',
        headers: {
          cookie: String([session.headers['set-cookie']].flat()[0]).split(';')[0]!,
          'x-csrf-token': session.json().csrfToken,
          'content-type': 'image/jpeg',
        },
        payload: photo,
      })
      expect(uploaded.statusCode).toBe(201)
      image = uploaded.json()
      original = (await serve(app, image.url)).rawPayload
      narrow = (await serve(app, image.transformedUrl)).rawPayload
      expect(await sharp(narrow).metadata()).toMatchObject({ width: 600 })
    } finally {
      await app.close()
    }

    const file = path.join(root, 'source.fsb')
    const backup = await createBackup({
      config: source,
      file,
      passphrase,
      withoutKey: false,
      toolEnvironment: {},
      now: Date.now,
    })
    expect(backup.manifest.media).toEqual({ storedIn: 'database' })
    expect(backup.manifest.database.tables.media_files).toBeGreaterThan(20)
    // Every image's bytes and every digital product file's are in the database backed up.
    expect(backup.manifest.database.tables.media_blobs).toBe(
      backup.manifest.database.tables.media_files! + backup.manifest.database.tables.digital_files!,
    )

    const target = install('restored')
    await restoreBackup({ config: target, file, passphrase, force: false, toolEnvironment: {} })
    const restored = await buildApp(target, { logger: false, worker: false })
    try {
      const served = await serve(restored, image.url)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/jpeg')
      expect(served.rawPayload.equals(original)).toBe(true)
      expect((await serve(restored, image.transformedUrl)).rawPayload.equals(narrow)).toBe(true)
    } finally {
      await restored.close()
    }
    // Two installs booted, a seed, an upload, a backup and a restore (two scrypt derivations).
  }, 90_000)
})

describe('media stored in an S3 bucket', () => {
  it('are not in the backup: the manifest names the bucket, never its credentials', async () => {
    const secret = 'bucket-secret-not-for-backups'
    const source = install('s3-source', {
      MEDIA_S3_URL: `s3://MEDIAKEY:${secret}@shop-media/fanshelf?endpoint=https://objects.example.com&region=auto`,
    })
    // A backup only reads the database: the bucket need not be reachable.
    const seeded = await buildApp(install('s3-source'), { logger: false, worker: false })
    await seeded.close()

    const file = path.join(root, 's3-source.fsb')
    const backup = await createBackup({
      config: source,
      file,
      passphrase: undefined,
      withoutKey: true,
      toolEnvironment: {},
      now: Date.now,
    })
    expect(backup.encrypted).toBe(false)
    const location = {
      storedIn: 's3',
      bucket: 'shop-media',
      keyPrefix: 'fanshelf/',
      endpoint: 'https://objects.example.com',
      region: 'auto',
    }
    expect(backup.manifest.media).toEqual(location)
    // Not encrypted (no key in it): anyone holding the file could read a credential in it.
    const bytes = fs.readFileSync(file)
    expect(bytes.includes(Buffer.from(secret))).toBe(false)
    expect(bytes.includes(Buffer.from('MEDIAKEY'))).toBe(false)
    expect(bytes.includes(Buffer.from('"storedIn": "s3"'))).toBe(true)

    const restored = await restoreBackup({
      config: install('s3-restored'),
      file,
      passphrase: undefined,
      force: false,
      toolEnvironment: {},
    })
    expect(restored.manifest.media).toEqual(location)
  })
})
