import { type ChildProcess, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { repoRoot, startFanshelf, stopServer } from '../fanshelf-start.ts'

/**
 * The operator's install: `fanshelf start` (what `npm start` runs) in the production shape of
 * "Running Fanshelf" — SEED_DEMO=false, a PORT that is not the default, a PUBLIC_URL typed as a
 * reader would (trailing slash), a fresh DATA_DIR, METRICS_TOKEN set, no SMTP_URL — on SQLite, or on
 * a fresh PostgreSQL database when the suite runs under scripts/with-postgres.sh
 * (TEST_DATABASE=postgres, TEST_DATABASE_URL a superuser URL). The global setup creates it and
 * passes it to the workers in ONBOARDING_* variables; the spec stops and restarts it (backup →
 * wipe → restore) through the same functions.
 */

export { repoRoot }
export const port = Number(process.env.ONBOARDING_PORT ?? 4300)
/** Where the browser and every client go: PUBLIC_URL without its trailing slash. */
export const origin = `http://localhost:${port}`
/** PUBLIC_URL as an operator types it. */
export const publicUrl = `${origin}/`
export const metricsToken = 'onboarding-e2e-metrics-token-0123456789'
export const onPostgres = process.env.TEST_DATABASE === 'postgres'

export interface Install {
  /** Temporary directory holding DATA_DIR, the stub site, the backup and the passphrase file. */
  workDir: string
  dataDir: string
  siteDir: string
  /** '' on SQLite (the default file in DATA_DIR), else a postgres:// URL of the suite's own database. */
  databaseUrl: string
  pidFile: string
}

export function install(): Install {
  const workDir = process.env.ONBOARDING_WORK_DIR
  if (!workDir) throw new Error('Run the onboarding suite with its config: playwright test -c e2e/onboarding')
  return {
    workDir,
    dataDir: path.join(workDir, 'data'),
    siteDir: path.join(workDir, 'site'),
    databaseUrl: process.env.ONBOARDING_DATABASE_URL ?? '',
    pidFile: path.join(workDir, 'server.pid'),
  }
}

/** The environment of the server and of the `fanshelf` commands run beside it. */
export function operatorEnv(target: Install): NodeJS.ProcessEnv {
  return {
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl,
    // The docs site is not what this suite reads: a stub, so the server builds nothing.
    SITE_DIR: target.siteDir,
    METRICS_TOKEN: metricsToken,
    SMTP_URL: '',
    SECRET_KEY: '',
    REDIS_URL: '',
  }
}

/** Starts the server on the install (keeping what its DATA_DIR holds) and records its pid. */
export async function startServer(target: Install, options: { keepDataDir: boolean }): Promise<ChildProcess> {
  const child = await startFanshelf({
    origin,
    dataDir: target.dataDir,
    env: operatorEnv(target),
    demo: false,
    keepDataDir: options.keepDataDir,
  })
  fs.writeFileSync(target.pidFile, String(child.pid))
  return child
}

/** SIGTERM to the recorded server's process group; resolves once it exited (graceful shutdown). */
export async function stopRecordedServer(target: Install): Promise<void> {
  if (!fs.existsSync(target.pidFile)) return
  const pid = Number(fs.readFileSync(target.pidFile, 'utf8'))
  fs.rmSync(target.pidFile, { force: true })
  await stopAndWait(pid)
}

/** SIGTERM to a server's process group; resolves once it exited. */
export async function stopAndWait(pid: number | undefined): Promise<void> {
  if (!pid) return
  stopServer(pid)
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The server (pid ${pid}) did not stop within 30 s of SIGTERM`)
}

export interface CliResult {
  status: number | null
  stdout: string
  stderr: string
}

/**
 * `fanshelf <args>` as the operator runs it beside the server (`npx fanshelf` runs this bin): same
 * DATA_DIR and DATABASE_URL, but not the server's PUBLIC_URL — the links must come from the running
 * server's record in DATA_DIR.
 */
export function fanshelf(target: Install, args: string[], env: NodeJS.ProcessEnv = {}): CliResult {
  const { PUBLIC_URL: _publicUrl, ...besideTheServer } = operatorEnv(target)
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'packages/cli/bin/fanshelf.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, PUBLIC_URL: '', LOG_LEVEL: 'warn', ...besideTheServer, ...env },
    timeout: 120_000,
  })
  if (result.error) throw result.error
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

/** A superuser connection to the PostgreSQL server of with-postgres.sh. */
async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs TEST_DATABASE_URL (scripts/with-postgres.sh sets it)')
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** Creates an empty database on the test server; answers its URL. */
export async function createDatabase(name: string): Promise<string> {
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`))
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return url.href
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name}`))
}

/** The wipe of the backup test: everything the install held is gone (DATA_DIR, and the database). */
export async function wipe(target: Install): Promise<void> {
  fs.rmSync(target.dataDir, { recursive: true, force: true })
  if (target.databaseUrl) {
    const name = new URL(target.databaseUrl).pathname.slice(1)
    await dropDatabase(name)
    await createDatabase(name)
  }
}
