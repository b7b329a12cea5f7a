import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { repoRoot, startFanshelf, stopServer } from '../fanshelf-start.ts'

/**
 * The server a newcomer runs: `fanshelf start` (what `npm start` runs) on a port that is not the
 * default, with a PUBLIC_URL spelled differently from the address it listens on (as behind a proxy),
 * a fresh DATA_DIR (the demo shops seeded on first start) and the built docs site.
 */

export { repoRoot }
export const port = Number(process.env.NEWCOMER_PORT ?? 4100)
/** What the reader's browser and samples use: the server's PUBLIC_URL. */
export const origin = `http://localhost:${port}`
export const dataDir = process.env.NEWCOMER_DATA_DIR ?? `/tmp/fanshelf-newcomer-e2e-${port}`
export const siteDir = path.join(repoRoot, 'apps/site/build')

export async function startServer(): Promise<ChildProcess> {
  if (!existsSync(path.join(siteDir, 'index.html'))) {
    throw new Error(`No built site in ${siteDir}: build it first (npm run build:site).`)
  }
  return startFanshelf({
    origin,
    dataDir,
    env: { HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: origin },
  })
}

export { stopServer }

export const pidFile = path.join(dataDir, 'server.pid')

export function readPid(): number {
  return Number(readFileSync(pidFile, 'utf8'))
}
