import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { knownMigrationNames } from '../db/database.js'
import { ArchiveReader } from './archive-reader.js'
import { BackupError } from './backup.errors.js'
import { type BackupManifest, type BackupSettings, manifestEntry, parseManifest } from './backup-manifest.js'
import { planSecretKey, secretKeyFileOf } from './backup-secret-key.js'
import {
  checkSqliteFile,
  countPostgresShops,
  countSqliteShops,
  type DatabaseKind,
  databaseKindOf,
  installSqliteFile,
  readSqliteFacts,
  restorePostgres,
  sqliteFileOf,
  type ToolEnvironment,
} from './database-snapshot.js'

/** `fanshelf restore` (decision 0034): verifies the whole archive, then installs the database and the key. */

export interface RestoreOptions {
  config: BackupSettings
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
