import fs from 'node:fs'
import { type BackupManifest, createBackup, loadConfig, restoreBackup } from '@fanshelf/api'
import type { Io } from '../command.js'
import { type Command, parseOptions, printJson, UsageError } from '../command.js'
import { readCliEnvironment } from '../environment.js'

/** --passphrase-file wins over FANSHELF_BACKUP_PASSPHRASE; one trailing newline of the file is not part of it. */
function readPassphrase(passphraseFile: string | undefined): string | undefined {
  if (passphraseFile === undefined) return readCliEnvironment().backupPassphrase
  let text: string
  try {
    text = fs.readFileSync(passphraseFile, 'utf8')
  } catch (error) {
    throw new Error(
      `cannot read the passphrase file ${passphraseFile}: ${error instanceof Error ? error.message : String(error)}`,
    )
  }
  const passphrase = text.replace(/\r?\n$/, '')
  if (passphrase === '') throw new Error(`the passphrase file ${passphraseFile} is empty`)
  return passphrase
}

function onlyFile(positionals: string[]): string {
  if (positionals.length === 0) throw new UsageError('name the backup file')
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`)
  return positionals[0] as string
}

const kindNames = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const

function describeDatabase(manifest: BackupManifest): string {
  const { kind, schemaVersion, tables } = manifest.database
  const count = (table: string, one: string, many: string) => {
    const n = tables[table] ?? 0
    return `${n} ${n === 1 ? one : many}`
  }
  return `the ${kindNames[kind]} database (schema ${schemaVersion ?? 'empty'}: ${count('shops', 'shop', 'shops')}, ${count('orders', 'order', 'orders')})`
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

/** Where an S3 media bucket is, as `aws s3` names it (never with credentials). */
function bucketOf(media: BackupManifest['media']): { url: string; endpoint: string } | undefined {
  if (media.storedIn !== 's3') return undefined
  return {
    url: `s3://${media.bucket}/${media.keyPrefix}`,
    endpoint: media.endpoint ? ` --endpoint-url ${media.endpoint}` : '',
  }
}

const passphraseHelp = [
  '  --passphrase-file <file>  read the passphrase from this file (one trailing newline is ignored);',
  '                            without it, FANSHELF_BACKUP_PASSPHRASE',
]

export const backupCommand: Command = {
  name: 'backup',
  summary: 'Back up the database and the secret key into one encrypted file',
  usage: [
    'Usage: fanshelf backup <file> [--passphrase-file <file>] [--without-key] [--json]',
    '',
    'Writes a consistent snapshot of the database named by DATABASE_URL (SQLite through its online',
    'backup API, PostgreSQL through pg_dump) while the server keeps serving, together with the secret',
    'key that opens its sealed secrets (SECRET_KEY or DATA_DIR/secret.key), into <file>, encrypted',
    'with a passphrase (AES-256-GCM, scrypt). Restore it with fanshelf restore. Media stored in an',
    'S3 bucket (MEDIA_S3_URL) are not copied: back the bucket up separately.',
    '',
    ...passphraseHelp,
    '  --without-key             leave the secret key out: you keep it separately (then the',
    '                            passphrase is optional and, without one, the file is not encrypted)',
    '  --json                    print {file, bytes, encrypted, manifest} as JSON',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      'passphrase-file': { type: 'string' },
      'without-key': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    })
    const file = onlyFile(positionals)
    const environment = readCliEnvironment()
    const report = await createBackup({
      config: loadConfig(),
      file,
      passphrase: readPassphrase(values['passphrase-file']),
      withoutKey: values['without-key'],
      toolEnvironment: environment.toolEnvironment,
      now: Date.now,
    })
    if (values.json) {
      printJson(io, report)
      return 0
    }
    const { manifest } = report
    io.out(
      `Backed up ${describeDatabase(manifest)}${manifest.secretKey.included ? ' and the secret key' : ''} to ${report.file} (${size(report.bytes)}), ${report.encrypted ? 'encrypted with the passphrase' : 'NOT encrypted'}.\n`,
    )
    if (!manifest.secretKey.included) {
      io.out(
        `The secret key is not in this backup: keep ${manifest.secretKey.source} safe separately. Without it, a restored install cannot open webhook secrets and app keys, nor let API users in.\n`,
      )
    }
    const bucket = bucketOf(manifest.media)
    if (bucket) {
      io.out(
        `Uploaded media are NOT in this backup: they live in the S3 bucket ${bucket.url} (MEDIA_S3_URL). Back the bucket up separately: turn on its versioning, or copy it with \`aws s3 sync ${bucket.url} <directory>${bucket.endpoint}\`. (Images uploaded before MEDIA_S3_URL was set are in the database, so in this backup.)\n`,
      )
    }
    return 0
  },
}

function printRestoreReport(io: Io, report: Awaited<ReturnType<typeof restoreBackup>>, file: string): void {
  const { manifest } = report
  io.out(`Restored ${describeDatabase(manifest)} backed up at ${manifest.createdAt} from ${file}.\n`)
  if (report.secretKey === 'written') {
    io.out(`The backup's secret key is now in ${report.secretKeyFile}.\n`)
    if (manifest.secretKey.source === 'SECRET_KEY')
      io.out(
        'The backed-up install set SECRET_KEY: set SECRET_KEY to the content of that file on every node and worker, or give each this secret.key.\n',
      )
  } else if (report.secretKey === 'unchanged') {
    io.out('The secret key in place is the backup’s.\n')
  } else {
    io.out(
      `The backup holds no secret key: put the original one in place (it was ${manifest.secretKey.source}) before starting the server, or its webhook secrets, app keys and API-user passwords will not work.\n`,
    )
  }
  const bucket = bucketOf(manifest.media)
  if (bucket) {
    io.out(
      `The backed-up install stored media in the S3 bucket ${bucket.url}, which a backup does not hold: set MEDIA_S3_URL to that bucket before starting the server (copy it back first if it was lost, e.g. \`aws s3 sync <directory> ${bucket.url}${bucket.endpoint}\`).\n`,
    )
  }
  io.out('Start the server: it serves the restored data (and migrates the schema if this Fanshelf is newer).\n')
}

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'Restore a backup into an empty install (database and secret key)',
  usage: [
    'Usage: fanshelf restore <file> [--passphrase-file <file>] [--force] [--json]',
    '',
    'Checks the whole backup first (passphrase, format version, integrity of every byte, a schema',
    'this Fanshelf knows), then restores its database into the one named by DATABASE_URL — SQLite',
    'with one rename, PostgreSQL in one transaction — and its secret key into DATA_DIR/secret.key',
    '(with SECRET_KEY set, it must be the backup’s key). Stop the server first. The target must hold',
    'no shops: restore into an empty install.',
    '',
    ...passphraseHelp,
    '  --force                   restore over a database that holds shops (replaces all of it)',
    '  --json                    print {manifest, secretKey, secretKeyFile} as JSON',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseOptions(args, {
      'passphrase-file': { type: 'string' },
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    })
    const file = onlyFile(positionals)
    const environment = readCliEnvironment()
    const report = await restoreBackup({
      config: loadConfig(),
      file,
      passphrase: readPassphrase(values['passphrase-file']),
      force: values.force,
      toolEnvironment: environment.toolEnvironment,
    })
    if (values.json) printJson(io, report)
    else printRestoreReport(io, report, file)
    return 0
  },
}
