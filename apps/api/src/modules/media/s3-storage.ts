import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { MediaS3Settings } from '../../config.js'
import { mediaStorageUnavailable } from './media.errors.js'
import { type MediaStorage, mediaCacheControl } from './media-storage.js'

/**
 * Media in an S3-compatible bucket (`MEDIA_S3_URL`, decision 0036), through the official AWS SDK.
 * A file is the object `<keyPrefix><media id>`, written once with its media type and the same
 * `Cache-Control` the server answers with (so a CDN in front of the bucket may serve it as is).
 *
 * - The SDK's default integrity checksums (CRC32 headers on every upload, validation of those on
 *   downloads) are only sent when an operation requires them: several S3-compatible servers
 *   refuse or mishandle them. TLS to the endpoint protects the bytes in transit.
 * - Connecting gives up after 5 s and a silent request after 30 s (three attempts, the SDK's
 *   retry policy), so an unreachable bucket fails an upload with 503 `MEDIA_STORAGE_UNAVAILABLE`
 *   instead of holding it open.
 * - Errors are logged by kind, status and key; never with the credentials.
 */

export interface S3MediaStorage extends MediaStorage {
  readonly kind: 'S3'
  /** The object key of a file. */
  key(mediaId: string): string
  /** Closes the client's connections. */
  close(): void
}

function describe(error: unknown): string {
  if (error instanceof S3ServiceException) {
    return `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'}): ${error.message}`
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}`
  }
  return String(error)
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
}

export function createS3Storage(settings: MediaS3Settings): S3MediaStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  })
  const key = (mediaId: string) => `${settings.keyPrefix}${mediaId}`
  const where = (mediaId: string) => `s3://${settings.bucket}/${key(mediaId)}`

  return {
    kind: 'S3',
    key,
    async put(_db, mediaId, content, mediaType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key(mediaId),
            Body: content,
            ContentLength: content.length,
            ContentType: mediaType,
            CacheControl: mediaCacheControl,
          }),
        )
      } catch (error) {
        throw mediaStorageUnavailable('store', `Storing ${where(mediaId)} failed: ${describe(error)}`)
      }
    },
    async get(_db, mediaId) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(mediaId) }))
        if (!object.Body) return undefined
        return Buffer.from(await object.Body.transformToByteArray())
      } catch (error) {
        if (isMissing(error)) return undefined
        throw mediaStorageUnavailable('read', `Reading ${where(mediaId)} failed: ${describe(error)}`)
      }
    },
    close() {
      client.destroy()
    },
  }
}
