import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/**
 * A local S3-compatible server for tests (s3rver, files in a temp directory) on a free loopback
 * port, and an outsider's AWS SDK client to look into its buckets. s3rver knows one credential
 * pair, S3RVER / S3RVER, and checks request signatures.
 */

export const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

export interface StoredObject {
  content: Buffer
  contentType: string | undefined
  cacheControl: string | undefined
}

export interface LocalS3 {
  endpoint: string
  /** An outsider's view of the server (the AWS SDK with s3rver's credentials). */
  client: S3Client
  createBucket(bucket: string): Promise<void>
  /** `MEDIA_S3_URL` for a bucket here (and a key prefix); `keyId` and `secret` replace the right ones. */
  mediaUrl(bucket: string, options?: { prefix?: string; keyId?: string; secret?: string }): string
  /** Every key in the bucket (under `prefix`). */
  keys(bucket: string, prefix?: string): Promise<string[]>
  /** An object as S3 answers it, or undefined when there is none. */
  object(bucket: string, key: string): Promise<StoredObject | undefined>
  /** Stops the server (its port then refuses connections) and removes its files. */
  stop(): Promise<void>
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-s3-'))
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: localS3Credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
  let stopped = false

  return {
    endpoint,
    client,
    async createBucket(bucket) {
      await client.send(new CreateBucketCommand({ Bucket: bucket }))
    },
    mediaUrl(bucket, options = {}) {
      const keyId = encodeURIComponent(options.keyId ?? localS3Credentials.accessKeyId)
      const secret = encodeURIComponent(options.secret ?? localS3Credentials.secretAccessKey)
      const prefix = options.prefix ? `/${options.prefix}` : ''
      const query = new URLSearchParams({ endpoint, region: 'us-east-1', forcePathStyle: 'true' })
      return `s3://${keyId}:${secret}@${bucket}${prefix}?${query}`
    },
    async keys(bucket, prefix) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: 1000 }))
      return (listed.Contents ?? []).map((object) => object.Key as string).sort()
    },
    async object(bucket, key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        return {
          content: Buffer.from(await object.Body!.transformToByteArray()),
          contentType: object.ContentType,
          cacheControl: object.CacheControl,
        }
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return undefined
        throw error
      }
    },
    async stop() {
      if (stopped) return
      stopped = true
      client.destroy()
      await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}
