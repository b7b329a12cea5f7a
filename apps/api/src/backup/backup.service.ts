import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { bufferEntry, fileEntry, writeArchive } from './archive-writer.js'
import { BackupError } from './backup.errors.js'
import { archiveFormatVersion, minimumPassphraseLength } from './backup-archive.js'
import {
  type BackupManifest,
  type BackupSettings,
  databaseEntry,
  keyEntry,
  manifestEntry,
  mediaLocationOf,
} from './backup-manifest.js'
import { readSecretKey } from './backup-secret-key.js'
import {
  databaseKindOf,
  snapshotPostgres,
  snapshotSqlite,
  sqliteFileOf,
  type ToolEnvironment,
} from './database-snapshot.js'

export type { BackupManifest, BackupMediaLocation } from './backup-manifest.js'

/** `fanshelf backup` (decision 0034): snapshots the database and takes the secret key into one archive. */

export interface BackupOptions {
  config: BackupSettings
  file: string
  /** Encrypts the archive; required unless `withoutKey`. */
  passphrase: string | undefined
  /** Leave the secret key out (the operator keeps it separately). */
  withoutKey: boolean
  /** The environment PostgreSQL's client programs run with. */
  toolEnvironment: ToolEnvironment
  now: () => number
}

export interface BackupReport {
  file: string
  bytes: number
  encrypted: boolean
  manifest: BackupManifest
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const piece of fs.createReadStream(file)) hash.update(piece as Buffer)
  return hash.digest('hex')
}

export async function createBackup(options: BackupOptions): Promise<BackupReport> {
  const { config, passphrase, withoutKey } = options
  if (!passphrase && !withoutKey)
    throw new BackupError(
      'BACKUP_PASSPHRASE_REQUIRED',
      'A backup holds the secret key that opens the stored webhook secrets, app keys and API-user passwords, so it is encrypted: give a passphrase with --passphrase-file <file> or FANSHELF_BACKUP_PASSPHRASE. Or leave the key out with --without-key and keep the key (SECRET_KEY or DATA_DIR/secret.key) safe yourself.',
    )
  if (passphrase !== undefined && passphrase.length < minimumPassphraseLength)
    throw new BackupError(
      'BACKUP_PASSPHRASE_TOO_SHORT',
      `The passphrase has ${passphrase.length} characters; use at least ${minimumPassphraseLength}.`,
    )
  const keySource = config.secretKey ? 'SECRET_KEY' : 'DATA_DIR/secret.key'
  const key = withoutKey ? undefined : readSecretKey(config)
  const file = path.resolve(options.file)
  if (!fs.existsSync(path.dirname(file)))
    throw new BackupError('BACKUP_NO_DATABASE', `The directory ${path.dirname(file)} does not exist.`)

  const kind = databaseKindOf(config.databaseUrl)
  const work = fs.mkdtempSync(path.join(path.dirname(file), '.fanshelf-backup-'))
  try {
    const snapshotFile = path.join(work, databaseEntry[kind])
    const facts =
      kind === 'sqlite'
        ? await snapshotSqlite(sqliteFileOf(config.databaseUrl), snapshotFile)
        : await snapshotPostgres(config.databaseUrl, snapshotFile, options.toolEnvironment)
    const keyBytes = key === undefined ? undefined : Buffer.from(key, 'utf8')
    const sources = [
      ...(keyBytes ? [{ kind: 'secret-key' as const, source: bufferEntry(keyEntry, keyBytes) }] : []),
      { kind: 'database' as const, source: fileEntry(databaseEntry[kind], snapshotFile) },
    ]
    const manifest: BackupManifest = {
      format: 'fanshelf-backup',
      formatVersion: archiveFormatVersion,
      createdAt: new Date(options.now()).toISOString(),
      database: {
        kind,
        schemaVersion: facts.migrations.at(-1) ?? null,
        migrations: facts.migrations,
        tables: facts.tables,
      },
      secretKey: { included: keyBytes !== undefined, source: keySource },
      media: mediaLocationOf(config),
      entries: [
        ...(keyBytes
          ? [
              {
                name: keyEntry,
                kind: 'secret-key' as const,
                bytes: keyBytes.length,
                sha256: createHash('sha256').update(keyBytes).digest('hex'),
              },
            ]
          : []),
        {
          name: databaseEntry[kind],
          kind: 'database' as const,
          bytes: fs.statSync(snapshotFile).size,
          sha256: await sha256OfFile(snapshotFile),
        },
      ],
    }
    const { bytes } = await writeArchive(file, passphrase ? { passphrase } : 'none', [
      bufferEntry(manifestEntry, Buffer.from(JSON.stringify(manifest, null, 2), 'utf8')),
      ...sources.map((entry) => entry.source),
    ])
    return { file, bytes, encrypted: passphrase !== undefined, manifest }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}
