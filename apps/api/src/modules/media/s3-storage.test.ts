import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { parseConfig } from '../../config.js'
import { readDemoCredentials } from '../../seed/demo-credentials.js'
import { startPlatform } from '../../start.js'
import { createEmptyTestDatabaseUrl } from '../../testing/test-database.js'
import { type LocalS3, localS3Credentials, startLocalS3 } from './testing/local-s3.js'

/**
 * Media in an S3-compatible bucket (`MEDIA_S3_URL`, decision 0036), against a local S3 server
 * (s3rver): two API nodes on one database (a SQLite file, or PostgreSQL under
 * TEST_DATABASE=postgres) booted as `npm start` boots them — the first seeds the demo shops, whose
 * drawings go to the bucket — an admin's upload through `POST /admin/api/media`, looked at in the
 * bucket with the AWS SDK as an outsider would, served by both nodes; files uploaded into the
 * database before the switch still served; an unreachable or refusing bucket fails the upload
 * with 503 and keeps nothing.
 */

const bucket = 'fanshelf-media'
const prefix = 'shop-media'
const cacheControl = 'public, max-age=31536000, immutable'

let s3: LocalS3
let root: string
let dropDatabase: () => Promise<void>
let baseEnv: Record<string, string>
const apps: FastifyInstance[] = []
let nodeA: FastifyInstance
let nodeB: FastifyInstance
let admin: { email: string; password: string }
/** The image uploaded to the bucket by the second test. */
let banner: { id: string; url: string; transformedUrl: string }

async function node(env: Record<string, string>, name: string): Promise<FastifyInstance> {
  const app = await buildApp(parseConfig({ ...baseEnv, DATA_DIR: path.join(root, name), ...env }), {
    logger: false,
    worker: false,
  })
  apps.push(app)
  return app
}

async function signIn(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/admin/api/session', payload: admin })
  expect(response.statusCode).toBe(200)
  const cookie = String([response.headers['set-cookie']].flat()[0]).split(';')[0]!
  return { cookie, csrfToken: (response.json() as { csrfToken: string }).csrfToken }
}

/** Uploads `content` as the admin SPA does: the file as the body, its name in `?name=`. */
async function upload(app: FastifyInstance, content: Buffer, name: string) {
  const session = await signIn(app)
  return app.inject({
    method: 'POST',
    url: `/admin/api/media?name=${encodeURIComponent(name)}`,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'image/png' },
    payload: content,
  })
}

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search
const fetchFile = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url: pathOf(url) })

function png(width: number, height: number, background: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
}

async function mediaRows(app: FastifyInstance) {
  const { db } = app.platform.services
  const files = await db.selectFrom('media_files').select(['id', 'storage', 'media_type']).execute()
  const blobs = await db.selectFrom('media_blobs').select('key').execute()
  return { files, blobIds: new Set(blobs.map((blob) => blob.key)) }
}

beforeAll(async () => {
  s3 = await startLocalS3()
  await s3.createBucket(bucket)
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-media-s3-'))
  const database = await createEmptyTestDatabaseUrl(root)
  dropDatabase = database.drop
  baseEnv = {
    DATABASE_URL: database.url,
    SECRET_KEY: randomBytes(32).toString('base64'),
    MEDIA_S3_URL: s3.mediaUrl(bucket, { prefix }),
    LOG_LEVEL: 'silent',
    ROLES: 'api',
    PORT: '0',
  }
  // Node A boots as `npm start` does on an empty database: it seeds the demo shops.
  const config = parseConfig({ ...baseEnv, DATA_DIR: path.join(root, 'a') })
  nodeA = await startPlatform(config, (c) => buildApp(c, { logger: false, worker: false }), { out: () => {} })
  apps.push(nodeA)
  const owner = readDemoCredentials(config.dataDir)!.shops[0]!.admins.find((a) => a.role === 'SUPER_ADMIN')!
  admin = { email: owner.email, password: owner.password }
  nodeB = await node({}, 'b')
})

afterAll(async () => {
  for (const app of apps.reverse()) await app.close()
  await dropDatabase?.()
  await s3?.stop()
  if (root) fs.rmSync(root, { recursive: true, force: true })
})

describe('media in an S3 bucket', () => {
  it('the demo seed uploads its drawings and digital product files to the bucket, none to the database', async () => {
    const { files, blobIds } = await mediaRows(nodeA)
    expect(files.length).toBeGreaterThan(20)
    expect(new Set(files.map((file) => file.storage))).toEqual(new Set(['S3']))
    expect(blobIds.size).toBe(0)
    const digital = await nodeA.platform.services.db
      .selectFrom('digital_files')
      .select(['id', 'storage', 'sha256'])
      .execute()
    expect(digital.length).toBeGreaterThan(0)
    expect(new Set(digital.map((file) => file.storage))).toEqual(new Set(['S3']))
    // A buyer's download reads the same bytes back from the bucket.
    const bytes = await nodeA.platform.services.media.readFile(digital[0]!.id, 'S3')
    expect(createHash('sha256').update(bytes!).digest('hex')).toBe(digital[0]!.sha256)
    expect(await s3.keys(bucket)).toEqual([...files, ...digital].map((file) => `${prefix}/${file.id}`).sort())
    const drawing = await s3.object(bucket, `${prefix}/${files[0]!.id}`)
    expect(drawing).toMatchObject({ contentType: 'image/svg+xml', cacheControl })
    expect(drawing!.content.toString('utf8')).toMatch(/^<svg /)
  })

  it('stores an upload in the bucket with its type and cache policy; both nodes serve it and its narrower copies', async () => {
    const original = await png(1600, 900, '#16a085')
    const response = await upload(nodeA, original, 'banner.png')
    expect(response.statusCode).toBe(201)
    const image = response.json() as typeof banner
    banner = image
    expect(image.transformedUrl).toBe(`${image.url}?w=600`)

    const stored = await s3.object(bucket, `${prefix}/${image.id}`)
    expect(stored).toMatchObject({ contentType: 'image/png', cacheControl })
    expect(await sharp(stored!.content).metadata()).toMatchObject({ format: 'png', width: 1600, height: 900 })
    const { files, blobIds } = await mediaRows(nodeB)
    expect(files.find((file) => file.id === image.id)).toMatchObject({ storage: 'S3', media_type: 'image/png' })
    expect(blobIds.has(image.id)).toBe(false)

    for (const app of [nodeA, nodeB]) {
      const served = await fetchFile(app, image.url)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/png')
      expect(served.headers['cache-control']).toBe(cacheControl)
      expect(served.rawPayload.equals(stored!.content)).toBe(true)
      const narrow = await fetchFile(app, image.transformedUrl)
      expect(narrow.statusCode).toBe(200)
      expect(await sharp(narrow.rawPayload).metadata()).toMatchObject({ format: 'png', width: 600, height: 338 })
    }
  })

  it('keeps serving files uploaded into the database before MEDIA_S3_URL was set', async () => {
    const before = await node({ MEDIA_S3_URL: '' }, 'before-s3')
    const response = await upload(before, await png(40, 30, '#8e44ad'), 'older.png')
    expect(response.statusCode).toBe(201)
    const image = response.json() as { id: string; url: string }
    const { files, blobIds } = await mediaRows(nodeA)
    expect(files.find((file) => file.id === image.id)?.storage).toBe('DATABASE')
    expect(blobIds.has(image.id)).toBe(true)
    expect(await s3.keys(bucket, `${prefix}/${image.id}`)).toEqual([])

    const fromDatabase = await fetchFile(before, image.url)
    for (const app of [nodeA, nodeB]) {
      const served = await fetchFile(app, image.url)
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(fromDatabase.rawPayload)).toBe(true)
    }
  })

  it('answers 503 when the bucket refuses the credentials, naming no secret, and keeps nothing', async () => {
    const wrong = { keyId: 'UNKNOWN-KEY-ID', secret: 'not-the-secret-0123456789' }
    const refused = await node({ MEDIA_S3_URL: s3.mediaUrl(bucket, { prefix, ...wrong }) }, 'wrong-key')
    const filesBefore = (await mediaRows(nodeA)).files.length
    const keysBefore = await s3.keys(bucket)

    const response = await upload(refused, await png(50, 50, '#c0392b'), 'refused.png')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ code: 'MEDIA_STORAGE_UNAVAILABLE' })
    for (const secret of [wrong.keyId, wrong.secret, localS3Credentials.secretAccessKey, bucket]) {
      expect(response.body).not.toContain(secret)
    }
    expect((await mediaRows(nodeA)).files).toHaveLength(filesBefore)
    expect(await s3.keys(bucket)).toEqual(keysBefore)
  })

  it('answers 503 while the bucket is unreachable, and keeps nothing', async () => {
    const filesBefore = (await mediaRows(nodeA)).files.length
    await s3.stop()

    const response = await upload(nodeB, await png(60, 60, '#2c3e50'), 'offline.png')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({
      code: 'MEDIA_STORAGE_UNAVAILABLE',
      message: expect.stringContaining('Nothing was saved'),
    })
    expect((await mediaRows(nodeA)).files).toHaveLength(filesBefore)
    // A copy no node has made yet cannot be read either.
    const unread = await fetchFile(nodeB, `${banner.url}?w=100`)
    expect(unread.statusCode).toBe(503)
    expect(unread.json()).toMatchObject({ code: 'MEDIA_STORAGE_UNAVAILABLE' })
  })
})
