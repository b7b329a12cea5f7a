import type { Executor } from '../../db/database.js'
import type { MediaFilesTable } from '../../db/schema.js'
import { insertMediaBlob, readMediaBlob } from './media.repository.js'

/**
 * Where uploaded bytes live (decision 0036). Every node of a cluster must see every file, so the
 * default is the database itself (`media_blobs`, written in the upload's transaction: a file row
 * never exists without its bytes). An install may put them in an S3-compatible bucket instead
 * (`MEDIA_S3_URL`, s3-storage.ts).
 */
export interface MediaStorage {
  readonly kind: MediaFilesTable['storage']
  /** Stores the bytes of a new file; `db` is the upload's transaction. */
  put(db: Executor, mediaId: string, content: Buffer, mediaType: string): Promise<void>
  /** The bytes of a file stored here, or undefined when they are missing. */
  get(db: Executor, mediaId: string): Promise<Buffer | undefined>
}

export const databaseStorage: MediaStorage = {
  kind: 'DATABASE',
  async put(db, mediaId, content) {
    await insertMediaBlob(db, mediaId, content)
  },
  get: (db, mediaId) => readMediaBlob(db, mediaId),
}
