import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The server a newcomer runs: `fanshelf start` (what `npm start` runs) on a port that is not the
 * default, with a PUBLIC_URL spelled differently from the address it listens on (as behind a proxy),
 * a fresh DATA_DIR (the demo shops seeded on first start) and the built docs site.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const port = Number(process.env.NEWCOMER_PORT ?? 4100)
/** What the reader's browser and samples use: the server's PUBLIC_URL. */
export const origin = `http://localhost:${port}`
export const dataDir = process.env.NEWCOMER_DATA_DIR ?? `/tmp/fanshelf-newcomer-e2e-${port}`
export const siteDir = path.join(repoRoot, 'apps/site/build')

export async function startServer(): Promise<ChildProcess> {
  if (!existsSync(path.join(siteDir, 'index.html'))) {
    throw new Error(`No built site in ${siteDir}: build it first (npm run build:site).`)
  }
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  // `node --import tsx` (not `npx tsx`): one process, stopped with its process group.
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/bin.ts', 'start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
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
      const response = await fetch(`${origin}/healthz`)
      if (response.ok && existsSync(path.join(dataDir, 'demo-credentials.json'))) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stopServer(child.pid)
  throw new Error(`The server did not start within 120 s:\n${output}`)
}

export function stopServer(pid: number | undefined): void {
  if (!pid) return
  try {
    process.kill(-pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

export const pidFile = path.join(dataDir, 'server.pid')

export function readPid(): number {
  return Number(readFileSync(pidFile, 'utf8'))
}
