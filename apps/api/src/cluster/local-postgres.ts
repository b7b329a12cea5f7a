import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ClusterProcess, freePort, until } from './cluster-process.js'

/**
 * A private PostgreSQL server on loopback for the local cluster: a fresh data directory in a temp
 * directory, a random free port, trust authentication for the `fanshelf` superuser on 127.0.0.1
 * only, durability switched off (the cluster's crash tests kill API nodes and workers, never the
 * database). As root it runs as the `postgres` system user, which PostgreSQL requires.
 */
export interface LocalPostgres {
  readonly process: ClusterProcess
  readonly port: number
  /** `postgres://fanshelf@127.0.0.1:<port>/fanshelf` */
  readonly url: string
  /** The data directory's parent (removed by stop). */
  readonly dir: string
  stop(): Promise<void>
}

/** The newest installed server's bin directory (Debian layout), else whatever is on PATH. */
function postgresBinDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin/postgres')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : []
  if (versions[0]) return path.join(root, versions[0], 'bin')
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  if (found) return path.dirname(found)
  throw new Error('PostgreSQL is not installed (scripts/system-deps.sh postgres installs it)')
}

/** The user PostgreSQL runs as: ourselves, or `postgres` when we are root (created if missing). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  const exists = spawnSync('id', ['-u', 'postgres']).status === 0
  if (!exists) execFileSync('useradd', ['--system', '--no-create-home', 'postgres'])
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

export async function startLocalPostgres(options: { logFile: string }): Promise<LocalPostgres> {
  const bin = postgresBinDir()
  const user = serverUser()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cluster-pg-'))
  if (user) fs.chownSync(dir, user.uid, user.gid)
  const data = path.join(dir, 'data')
  const initdb = spawnSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'fanshelf', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    { encoding: 'utf8', cwd: dir, ...(user ?? {}) },
  )
  if (initdb.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`initdb failed: ${initdb.stderr || initdb.error?.message}`)
  }
  const port = await freePort()
  const adminUrl = `postgres://fanshelf@127.0.0.1:${port}/postgres`
  const server = new ClusterProcess({
    name: 'postgres',
    command: path.join(bin, 'postgres'),
    args: [
      '-D',
      data,
      ...['listen_addresses=127.0.0.1', `port=${port}`, `unix_socket_directories=${dir}`]
        .concat(['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300'])
        .flatMap((setting) => ['-c', setting]),
    ],
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
    cwd: dir,
    logFile: options.logFile,
    ...(user ? { user } : {}),
    // SIGINT is PostgreSQL's fast shutdown: open transactions roll back, the server exits at once.
    stopSignal: 'SIGINT',
    ready: (_process, _since, signal) =>
      until(async () => {
        const client = new pg.Client({ connectionString: adminUrl })
        try {
          await client.connect()
          await client.query('SELECT 1')
        } finally {
          await client.end().catch(() => {})
        }
      }, signal),
  })
  try {
    await server.start()
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    await client.query('CREATE DATABASE fanshelf')
    await client.end()
  } catch (error) {
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return {
    process: server,
    port,
    url: `postgres://fanshelf@127.0.0.1:${port}/fanshelf`,
    dir,
    async stop() {
      await server.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
