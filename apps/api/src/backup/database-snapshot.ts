import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'
import { BackupError } from './backup.errors.js'

/**
 * The database half of a backup (decision 0034): a consistent snapshot into a file, the facts the
 * manifest records about that same snapshot, and putting a snapshot back.
 *
 * SQLite: better-sqlite3's online backup API, all pages in one step — one read transaction, so the
 * copy is the database as of one commit, while the server (WAL mode) keeps writing.
 * PostgreSQL: `pg_dump --format=custom` in a snapshot exported by a REPEATABLE READ transaction that
 * also counts the rows, so the counts describe exactly what was dumped; restored with `pg_restore`
 * into SQL applied by `psql` in one transaction that first drops the target's tables.
 */

export type DatabaseKind = 'sqlite' | 'postgres'

/** What the manifest says about a snapshot. */
export interface SnapshotFacts {
  /** Migrations applied to the snapshot, by name, sorted. */
  migrations: string[]
  /** Rows per table (every table of the schema, the migration bookkeeping included). */
  tables: Record<string, number>
}

/** Environment for pg_dump, pg_restore and psql (the caller's; the password is added to it). */
export type ToolEnvironment = Record<string, string | undefined>

export function databaseKindOf(databaseUrl: string): DatabaseKind {
  return databaseUrl.startsWith('sqlite:') ? 'sqlite' : 'postgres'
}

export function sqliteFileOf(databaseUrl: string): string {
  const file = databaseUrl.slice('sqlite:'.length)
  if (file === ':memory:' || file === '')
    throw new BackupError(
      'BACKUP_NO_DATABASE',
      'DATABASE_URL names an in-memory SQLite database: there is nothing to back up.',
    )
  return path.resolve(file)
}

// ─── SQLite ──────────────────────────────────────────────────────────────────────────────────────

/** Copies the live database at `databaseFile` into `destination` as of one commit. */
export async function snapshotSqlite(databaseFile: string, destination: string): Promise<SnapshotFacts> {
  if (!fs.existsSync(databaseFile))
    throw new BackupError(
      'BACKUP_NO_DATABASE',
      `There is no database at ${databaseFile} (DATABASE_URL, or DATA_DIR/fanshelf.sqlite): is DATA_DIR the server's?`,
    )
  const source = new SqliteDatabase(databaseFile, { fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    // After the first (empty) step, copy every remaining page in the next one: a snapshot of one
    // read transaction. Smaller steps would let commits in between restart the copy.
    await source.backup(destination, { progress: () => 0x7fffffff })
  } finally {
    source.close()
  }
  return readSqliteFacts(destination)
}

export function readSqliteFacts(file: string): SnapshotFacts {
  const db = new SqliteDatabase(file, { fileMustExist: true, readonly: true })
  try {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all() as string[]
    const tables: Record<string, number> = {}
    for (const name of names) {
      tables[name] = db
        .prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number
    }
    const migrations = names.includes('schema_migrations')
      ? (db.prepare('SELECT name FROM schema_migrations ORDER BY name').pluck().all() as string[])
      : []
    return { migrations, tables }
  } finally {
    db.close()
  }
}

/** Throws unless `file` is a sound SQLite database (quick_check). */
export function checkSqliteFile(file: string): void {
  let db: SqliteDatabase.Database | undefined
  try {
    db = new SqliteDatabase(file, { fileMustExist: true, readonly: true })
    const result = db.pragma('quick_check', { simple: true })
    if (result !== 'ok') throw new Error(String(result))
  } catch (error) {
    throw new BackupError(
      'BACKUP_DAMAGED',
      `The database in the backup does not pass SQLite's check (${error instanceof Error ? error.message : String(error)}). Nothing was restored.`,
    )
  } finally {
    db?.close()
  }
}

/** How many shops the SQLite database at `file` holds (0 when the file or the table is missing). */
export function countSqliteShops(file: string): number {
  if (!fs.existsSync(file)) return 0
  const db = new SqliteDatabase(file, { fileMustExist: true, readonly: true })
  try {
    const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'shops'").get()
    return table ? (db.prepare('SELECT count(*) FROM shops').pluck().get() as number) : 0
  } finally {
    db.close()
  }
}

/**
 * Puts the verified snapshot `restored` in place of `target` with one rename. The target's own
 * write-ahead log is checkpointed and removed first: a stale `-wal` beside the new file would be
 * read as part of it.
 */
export function installSqliteFile(restored: string, target: string): void {
  if (fs.existsSync(target)) {
    const old = new SqliteDatabase(target, { fileMustExist: true })
    try {
      old.pragma('busy_timeout = 5000')
      old.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      old.close()
    }
  }
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${suffix}`, { force: true })
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.renameSync(restored, target)
}

// ─── PostgreSQL ──────────────────────────────────────────────────────────────────────────────────

/** The URL without its password, and the password for PGPASSWORD (kept off the command line). */
function toolConnection(databaseUrl: string, environment: ToolEnvironment) {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return {
    url: url.toString(),
    env: { ...environment, ...(password ? { PGPASSWORD: password } : {}) } as NodeJS.ProcessEnv,
  }
}

/** Runs a PostgreSQL client program; rejects with its stderr when it fails. */
function runTool(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 8192) stderr += chunk.toString('utf8')
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          'BACKUP_TOOL_FAILED',
          error.code === 'ENOENT'
            ? `${program} is not installed: install PostgreSQL's client programs (Debian: apt-get install postgresql-client).`
            : `${program} could not start: ${error.message}`,
        ),
      ),
    )
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError('BACKUP_TOOL_FAILED', `${program} failed (exit ${code}): ${stderr.trim()}`)),
    )
  })
}

async function readPostgresFacts(client: pg.Client): Promise<SnapshotFacts> {
  const { rows } = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  )
  const tables: Record<string, number> = {}
  for (const { name } of rows) {
    const counted = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM public."${name.replaceAll('"', '""')}"`,
    )
    tables[name] = Number(counted.rows[0]?.n)
  }
  const migrations =
    'schema_migrations' in tables
      ? (await client.query<{ name: string }>('SELECT name FROM public.schema_migrations ORDER BY name')).rows.map(
          (row) => row.name,
        )
      : []
  return { migrations, tables }
}

/** `pg_dump --format=custom` of the database into `destination`, with the facts of that same snapshot. */
export async function snapshotPostgres(
  databaseUrl: string,
  destination: string,
  environment: ToolEnvironment,
): Promise<SnapshotFacts> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id as string
    const facts = await readPostgresFacts(client)
    const tool = toolConnection(databaseUrl, environment)
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${snapshot}`,
        `--file=${destination}`,
        `--dbname=${tool.url}`,
      ],
      tool.env,
    )
    await client.query('COMMIT')
    return facts
  } finally {
    await client.end()
  }
}

export async function countPostgresShops(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const exists = await client.query<{ found: boolean }>("SELECT to_regclass('public.shops') IS NOT NULL AS found")
    if (!exists.rows[0]?.found) return 0
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM public.shops')).rows[0]?.n)
  } finally {
    await client.end()
  }
}

/**
 * Drops every table, view, sequence and function (migrations 0023 and 0024's, not an extension's) of the
 * public schema: the restore's first statement.
 */
const emptyPublicSchema = `DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT viewname FROM pg_views WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP VIEW IF EXISTS public.%I CASCADE', r.viewname);
  END LOOP;
  FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP TABLE IF EXISTS public.%I CASCADE', r.tablename);
  END LOOP;
  FOR r IN SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public' LOOP
    EXECUTE format('DROP SEQUENCE IF EXISTS public.%I CASCADE', r.sequence_name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS routine FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prokind IN ('f', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('DROP ROUTINE IF EXISTS %s CASCADE', r.routine);
  END LOOP;
END $$;`

/**
 * Restores the custom-format dump `dumpFile` into the database: pg_restore writes it as SQL, which
 * psql applies in one transaction after dropping the target's tables — all of it or, on any
 * error, none of it.
 */
export async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  workDir: string,
  environment: ToolEnvironment,
): Promise<void> {
  const script = path.join(workDir, 'restore.sql')
  const tool = toolConnection(databaseUrl, environment)
  await runTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, dumpFile], tool.env)
  await runTool(
    'psql',
    [
      '--no-psqlrc',
      '--quiet',
      '--single-transaction',
      '--set=ON_ERROR_STOP=1',
      `--command=${emptyPublicSchema}`,
      `--file=${script}`,
      `--dbname=${tool.url}`,
    ],
    tool.env,
  )
}
