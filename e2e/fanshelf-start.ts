import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverNodeFlags } from '../scripts/server-flags.js'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * The arguments that run the CLI command `args` from the server bundle `npm start` runs (built
 * first, by scripts/build-server.ts, as `npm start` does): `spawn(process.execPath, …)` them.
 */
export function serverBundleArgs(...args: string[]): string[] {
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('scripts/build-server.ts failed; see the output above')
  return [...serverNodeFlags(), path.join(repoRoot, 'packages/cli/dist/fanshelf.mjs'), ...args]
}

/**
 * `fanshelf start` (the CLI, as `npm start` runs it) with a fresh DATA_DIR and `env` on top of this
 * process's environment, in its own process group; resolves once `origin` answers /healthz and the
 * demo shops are seeded (DATA_DIR/demo-credentials.json) — or, with `demo: false` (SEED_DEMO=false),
 * once it answers /readyz and has recorded itself in DATA_DIR/server.json. Shared by the browser
 * suites that run against the server a reader runs.
 */
export async function startFanshelf(options: {
  origin: string
  dataDir: string
  env: NodeJS.ProcessEnv
  /** Wait for the demo shops (default) or, for a production-shaped start, only for a ready server. */
  demo?: boolean
  /** Start on what DATA_DIR holds (a restart, a restored install) instead of an emptied one. */
  keepDataDir?: boolean
}): Promise<ChildProcess> {
  const { origin, dataDir, demo = true } = options
  if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  // The bundle `npm start` runs, in one process, stopped with its process group.
  const child = spawn(process.execPath, serverBundleArgs('start'), {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env },
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(`${origin}/${demo ? 'healthz' : 'readyz'}`)
      const started = path.join(dataDir, demo ? 'demo-credentials.json' : 'server.json')
      if (response.ok && existsSync(started)) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stopServer(child.pid)
  throw new Error(`The server did not start within 120 s:\n${output}`)
}

/** Stops a server started by startFanshelf, with its process group. */
export function stopServer(pid: number | undefined): void {
  if (!pid) return
  try {
    process.kill(-pid, 'SIGTERM')
  } catch {
    // already gone
  }
}
