import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ClusterProcess, freePort, run, until } from './cluster-process.js'

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
async function postgresBinDir(): Promise<string> {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin/postgres')))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : []
  if (versions[0]) return path.join(root, versions[0], 'bin')
  const found = (await run('sh', ['-c', 'command -v initdb'])).output.trim()
  if (found) return path.dirname(found)
  throw new Error('PostgreSQL is not installed (scripts/system-deps.sh postgres installs it)')
}

/** The user PostgreSQL runs as: ourselves, or `postgres` when we are root (created if missing). */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined
  if ((await run('id', ['-u', 'postgres'])).code !== 0) {
    const created = await run('useradd', ['--system', '--no-create-home', 'postgres'])
    if (created.code !== 0) throw new Error(`useradd postgres failed: ${created.output}`)
  }
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).output.trim())
  return { uid: await id('-u'), gid: await id('-g') }
}

export async function startLocalPostgres(options: {
  logFile: string
  /** Told of its directory and process as soon as they exist (for an exit handler's clean-up). */
  register?: (owned: { dir: string } | { process: ClusterProcess }) => void
  /** Gives up (and cleans up) when this aborts. */
  signal?: AbortSignal
}): Promise<LocalPostgres> {
  const { signal } = options
  const bin = await postgresBinDir()
  const user = await serverUser()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-cluster-pg-'))
  options.register?.({ dir })
  if (user) fs.chownSync(dir, user.uid, user.gid)
  const data = path.join(dir, 'data')
  const initdb = await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'fanshelf', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
    { cwd: dir, ...(user ?? {}), ...(signal ? { signal } : {}) },
  ).catch((error: Error) => ({ code: -1, output: error.message }))
  if (initdb.code !== 0 || signal?.aborted) {
    fs.rmSync(dir, { recursive: true, force: true })
    signal?.throwIfAborted()
    throw new Error(`initdb failed: ${initdb.output}`)
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
  options.register?.({ process: server })
  try {
    await server.start(signal)
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
