import type { Config } from '../config.js'
import { BackupError } from './backup.errors.js'
import { archiveFormatVersion } from './backup-archive.js'
import type { DatabaseKind } from './database-snapshot.js'

/**
 * `fanshelf backup` and `fanshelf restore` (decision 0034): the database as of one commit, and the
 * secret key that opens its sealed secrets, in one archive encrypted with a passphrase.
 */

export type EntryKind = 'database' | 'secret-key'

/** The archive's first entry: what it holds, and facts a restore checks before writing anything. */
export interface BackupManifest {
  format: 'fanshelf-backup'
  formatVersion: number
  createdAt: string
  database: {
    kind: DatabaseKind
    /** The last migration applied (by name), i.e. the schema version; null for an unmigrated database. */
    schemaVersion: string | null
    /** Every migration applied to the backed-up database. */
    migrations: string[]
    /** Rows per table in the snapshot. */
    tables: Record<string, number>
  }
  secretKey: {
    /** Whether the key is in the archive (`--without-key` leaves it out). */
    included: boolean
    /** Where the backed-up install kept it: the operator's copy must come from there when it is not included. */
    source: 'SECRET_KEY' | 'DATA_DIR/secret.key'
  }
  /**
   * Where the install stores new media (decision 0036). `database`: in its tables, so they are in
   * the database entry. `s3`: in this bucket (MEDIA_S3_URL), which a backup does not copy — the
   * operator backs it up separately; files uploaded before the switch are still in the database entry.
   */
  media: BackupMediaLocation
  /** The entries after the manifest, in archive order, each with its size and SHA-256. */
  entries: { name: string; kind: EntryKind; bytes: number; sha256: string }[]
}

export type BackupMediaLocation =
  | { storedIn: 'database' }
  | { storedIn: 's3'; bucket: string; keyPrefix: string; endpoint: string | null; region: string }

export const manifestEntry = 'manifest.json'
export const keyEntry = 'secret.key'
export const databaseEntry: Record<DatabaseKind, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' }

/** What backup and restore read of the configuration. */
export type BackupSettings = Pick<Config, 'databaseUrl' | 'dataDir' | 'secretKey'> & { mediaS3?: Config['mediaS3'] }

/** Where the install's media go: never its credentials. */
export function mediaLocationOf(config: BackupSettings): BackupMediaLocation {
  const s3 = config.mediaS3
  if (!s3) return { storedIn: 'database' }
  return {
    storedIn: 's3',
    bucket: s3.bucket,
    keyPrefix: s3.keyPrefix,
    endpoint: s3.endpoint ?? null,
    region: s3.region,
  }
}

/** The manifest read back from an archive, checked before anything is restored. */
export function parseManifest(file: string, bytes: Buffer): BackupManifest {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as BackupManifest
  } catch {
    throw new BackupError('BACKUP_DAMAGED', `${file} is damaged (its manifest is unreadable). Nothing was restored.`)
  }
  const sound =
    manifest?.format === 'fanshelf-backup' &&
    Number.isInteger(manifest.formatVersion) &&
    (manifest.database?.kind === 'sqlite' || manifest.database?.kind === 'postgres') &&
    Array.isArray(manifest.database.migrations) &&
    Array.isArray(manifest.entries)
  if (!sound)
    throw new BackupError('BACKUP_DAMAGED', `${file} is damaged (its manifest is incomplete). Nothing was restored.`)
  if (manifest.formatVersion > archiveFormatVersion)
    throw new BackupError(
      'BACKUP_FORMAT_TOO_NEW',
      `${file} uses backup format ${manifest.formatVersion}; this Fanshelf reads format ${archiveFormatVersion}.`,
    )
  const unknownKinds = manifest.entries.filter((entry) => entry.kind !== 'database' && entry.kind !== 'secret-key')
  if (unknownKinds.length > 0)
    throw new BackupError(
      'BACKUP_FORMAT_TOO_NEW',
      `${file} holds entries this Fanshelf cannot restore (${unknownKinds.map((e) => `${e.name}: ${e.kind}`).join(', ')}): restore it with the release that made it, or a newer one.`,
    )
  return manifest
}
