import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config.js'
import { knownMigrationNames } from '../db/database.js'
import { BackupError } from './backup.errors.js'
import {
  ArchiveReader,
  archiveFormatVersion,
  bufferEntry,
  fileEntry,
  minimumPassphraseLength,
  writeArchive,
} from './backup-archive.js'
import {
  checkSqliteFile,
  countPostgresShops,
  countSqliteShops,
  type DatabaseKind,
  databaseKindOf,
  installSqliteFile,
  readSqliteFacts,
  restorePostgres,
  snapshotPostgres,
  snapshotSqlite,
  sqliteFileOf,
  type ToolEnvironment,
} from './database-snapshot.js'

/**
 * `fanshelf backup` and `fanshelf restore` (decision 0034): the database as of one commit, and the
 * secret key that opens its sealed secrets, in one archive encrypted with a passphrase.
 */

type EntryKind = 'database' | 'secret-key'

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

const manifestEntry = 'manifest.json'
const keyEntry = 'secret.key'
const databaseEntry: Record<DatabaseKind, string> = { sqlite: 'database.sqlite', postgres: 'database.pgdump' }

type Settings = Pick<Config, 'databaseUrl' | 'dataDir' | 'secretKey'> & { mediaS3?: Config['mediaS3'] }

/** Where the install's media go: never its credentials. */
function mediaLocationOf(config: Settings): BackupMediaLocation {
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

export interface BackupOptions {
  config: Settings
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

export interface RestoreOptions {
  config: Settings
  file: string
  passphrase: string | undefined
  /** Restore over a database that holds shops. */
  force: boolean
  toolEnvironment: ToolEnvironment
}

export interface RestoreReport {
  manifest: BackupManifest
  /**
   * `written`: the backup's key is now DATA_DIR/secret.key; `unchanged`: the install already had
   * it; `not-in-backup`: the operator must supply it.
   */
  secretKey: 'written' | 'unchanged' | 'not-in-backup'
  secretKeyFile: string | undefined
}

function secretKeyFileOf(dataDir: string): string {
  return path.join(dataDir, 'secret.key')
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const piece of fs.createReadStream(file)) hash.update(piece as Buffer)
  return hash.digest('hex')
}

/** The key material the server uses: SECRET_KEY, else DATA_DIR/secret.key (never created here). */
function readSecretKey(config: Settings): string {
  if (config.secretKey) return config.secretKey
  const file = secretKeyFileOf(config.dataDir)
  if (!fs.existsSync(file))
    throw new BackupError(
      'BACKUP_NO_SECRET_KEY',
      `Neither SECRET_KEY nor ${file} exists, so the key that opens the database's sealed secrets is unknown: run the backup with the server's DATA_DIR and SECRET_KEY.`,
    )
  return fs.readFileSync(file, 'utf8').trim()
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

function parseManifest(file: string, bytes: Buffer): BackupManifest {
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

const kindNames: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' }

/** Checks everything that can be checked before reading the database entry: nothing is written yet. */
async function assertRestorable(options: RestoreOptions, manifest: BackupManifest): Promise<void> {
  const { config } = options
  const targetKind = databaseKindOf(config.databaseUrl)
  if (manifest.database.kind !== targetKind)
    throw new BackupError(
      'RESTORE_DATABASE_KIND_MISMATCH',
      `The backup holds a ${kindNames[manifest.database.kind]} database and DATABASE_URL names ${kindNames[targetKind]}: restore into the same kind of database.`,
    )
  const known = new Set(knownMigrationNames())
  const unknown = manifest.database.migrations.filter((name) => !known.has(name))
  if (unknown.length > 0)
    throw new BackupError(
      'BACKUP_SCHEMA_TOO_NEW',
      `The backup was made by a newer Fanshelf: its database has migrations this one does not know (${unknown.join(', ')}). Upgrade Fanshelf, then restore.`,
    )
  const shops =
    targetKind === 'sqlite'
      ? countSqliteShops(sqliteFileOf(config.databaseUrl))
      : await countPostgresShops(config.databaseUrl)
  if (shops > 0 && !options.force)
    throw new BackupError(
      'RESTORE_TARGET_NOT_EMPTY',
      `The target database already holds ${shops} shop${shops === 1 ? '' : 's'}: restore only goes into an empty install (start it with SEED_DEMO=false, or point DATABASE_URL/DATA_DIR elsewhere). --force replaces everything in it.`,
    )
}

/** Decides what happens to the key before anything is written; undefined: leave the install's key alone. */
function planSecretKey(config: Settings, material: string): string | undefined {
  if (config.secretKey) {
    if (config.secretKey === material) return undefined
    throw new BackupError(
      'RESTORE_SECRET_KEY_MISMATCH',
      'SECRET_KEY is set to another key than the backup’s, which could not open the restored secrets: unset SECRET_KEY (restore then writes the backup’s key to DATA_DIR/secret.key) or set it to the original value. Nothing was restored.',
    )
  }
  if (material !== material.trim() || material === '')
    throw new BackupError(
      'RESTORE_SECRET_KEY_MISMATCH',
      'The backup’s key cannot be kept in DATA_DIR/secret.key (it has leading or trailing spaces): set SECRET_KEY to the original value. Nothing was restored.',
    )
  const file = secretKeyFileOf(config.dataDir)
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === material) return undefined
  return material
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const { config } = options
  const file = path.resolve(options.file)
  const reader = await ArchiveReader.open(file, options.passphrase)
  const kind = databaseKindOf(config.databaseUrl)
  const targetFile = kind === 'sqlite' ? sqliteFileOf(config.databaseUrl) : undefined
  // The database entry is written beside the SQLite target (one rename installs it), else under DATA_DIR.
  const workParent = targetFile ? path.dirname(targetFile) : config.dataDir
  const workParentExisted = fs.existsSync(workParent)
  let work: string | undefined
  let restored = false
  try {
    const first = await reader.nextEntry()
    if (first?.name !== manifestEntry)
      throw new BackupError(
        'BACKUP_DAMAGED',
        `${file} is damaged (it does not start with its manifest). Nothing was restored.`,
      )
    const manifest = parseManifest(file, await reader.readEntryBytes(1024 * 1024))
    await assertRestorable(options, manifest)

    let keyToWrite: string | undefined
    let keyIncluded = false
    let restoredDatabase: string | undefined
    const seen = new Set<string>()
    for (let entry = await reader.nextEntry(); entry; entry = await reader.nextEntry()) {
      const declared = manifest.entries.find((candidate) => candidate.name === entry?.name)
      if (!declared || seen.has(entry.name) || declared.bytes !== entry.size)
        throw new BackupError(
          'BACKUP_DAMAGED',
          `${file} is damaged (unexpected entry ${entry.name}). Nothing was restored.`,
        )
      seen.add(entry.name)
      const hash = createHash('sha256')
      if (declared.kind === 'secret-key') {
        const bytes = await reader.readEntryBytes(64 * 1024)
        hash.update(bytes)
        if (hash.digest('hex') !== declared.sha256)
          throw new BackupError(
            'BACKUP_DAMAGED',
            `${file} is damaged (its key does not match its digest). Nothing was restored.`,
          )
        keyIncluded = true
        keyToWrite = planSecretKey(config, bytes.toString('utf8'))
      } else {
        fs.mkdirSync(workParent, { recursive: true })
        work ??= fs.mkdtempSync(path.join(workParent, '.fanshelf-restore-'))
        restoredDatabase = path.join(work, entry.name)
        const out = await fs.promises.open(restoredDatabase, 'wx', 0o600)
        try {
          await reader.readEntry(async (piece) => {
            hash.update(piece)
            await out.write(piece)
          })
          await out.sync()
        } finally {
          await out.close()
        }
        if (hash.digest('hex') !== declared.sha256)
          throw new BackupError(
            'BACKUP_DAMAGED',
            `${file} is damaged (its database does not match its digest). Nothing was restored.`,
          )
      }
    }
    await reader.finish()
    if (!restoredDatabase || seen.size !== manifest.entries.length)
      throw new BackupError('BACKUP_DAMAGED', `${file} is damaged (entries are missing). Nothing was restored.`)

    // Verified to the last byte: now install, the database first (one rename, or one transaction).
    const keyFile = secretKeyFileOf(config.dataDir)
    let keyTemporary: string | undefined
    if (keyToWrite !== undefined) {
      fs.mkdirSync(config.dataDir, { recursive: true })
      keyTemporary = `${keyFile}.${randomBytes(4).toString('hex')}.restore`
      fs.writeFileSync(keyTemporary, keyToWrite, { mode: 0o600, flag: 'wx' })
    }
    try {
      if (targetFile) {
        checkSqliteFile(restoredDatabase)
        const facts = readSqliteFacts(restoredDatabase)
        if (facts.migrations.join() !== manifest.database.migrations.join())
          throw new BackupError(
            'BACKUP_DAMAGED',
            `${file} is damaged (its database does not match its manifest). Nothing was restored.`,
          )
        installSqliteFile(restoredDatabase, targetFile)
      } else {
        await restorePostgres(config.databaseUrl, restoredDatabase, work as string, options.toolEnvironment)
      }
    } catch (error) {
      if (keyTemporary) fs.rmSync(keyTemporary, { force: true })
      throw error
    }
    if (keyTemporary) fs.renameSync(keyTemporary, keyFile)
    restored = true
    return {
      manifest,
      secretKey: !keyIncluded ? 'not-in-backup' : keyToWrite === undefined ? 'unchanged' : 'written',
      secretKeyFile: keyIncluded && !config.secretKey ? keyFile : undefined,
    }
  } finally {
    await reader.close()
    if (work) fs.rmSync(work, { recursive: true, force: true })
    // A failed restore leaves no trace: not even the directory it made for its work.
    if (!restored && !workParentExisted) fs.rmSync(workParent, { recursive: true, force: true })
  }
}
