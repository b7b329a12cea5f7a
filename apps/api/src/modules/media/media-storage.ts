import type { Executor } from '../../db/database.js'
import type { MediaFilesTable } from '../../db/schema.js'
import { insertMediaBlob, readMediaBlob } from './media.repository.js'

/** How every file is served, and how an S3 bucket stores it: its content never changes. */
export const mediaCacheControl = 'public, max-age=31536000, immutable'

/**
 * Where uploaded bytes live (decision 0036). Every node of a cluster must see every file, so the
 * default is the database itself (`media_blobs`, written in the upload's transaction: a file row
 * never exists without its bytes). An install may put them in an S3-compatible bucket instead
 * (`MEDIA_S3_URL`, s3-storage.ts); `media_files.storage` records where each file went, so files
 * stored in the database before the switch are still read from it.
 */
export interface MediaStorage {
  readonly kind: MediaFilesTable['storage']
  /**
   * Stores the bytes of a new file. DATABASE: `db` is the upload's transaction. Elsewhere (S3) it
   * runs before the file's row is written, outside any transaction of the upload's own: a failed
   * put leaves no row, and no database connection waits on the network.
   */
  put(db: Executor, mediaId: string, content: Buffer, mediaType: string): Promise<void>
  /** The bytes of a file stored here, or undefined when they are missing. */
  get(db: Executor, mediaId: string): Promise<Buffer | undefined>
  /** Releases connections (an S3 client's), when the app closes. */
  close?(): void
}

export const databaseStorage: MediaStorage = {
  kind: 'DATABASE',
  async put(db, mediaId, content) {
    await insertMediaBlob(db, mediaId, content)
  },
  get: (db, mediaId) => readMediaBlob(db, mediaId),
}
