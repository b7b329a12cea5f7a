import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The local Fanshelf server for the reference suite: `fanshelf start` (the CLI, as `npm start`
 * runs it) on a spare port with a fresh DATA_DIR, serving the built docs site from SITE_DIR, so the
 * pages and the API share one origin as in production-like local use.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const port = Number(process.env.REFERENCE_PORT ?? 4631)
export const origin = `http://127.0.0.1:${port}`
export const dataDir = process.env.REFERENCE_DATA_DIR ?? `/tmp/fanshelf-reference-e2e-${port}`
export const siteDir = path.resolve(repoRoot, process.env.REFERENCE_SITE_DIR ?? 'apps/site/build')

export interface DemoShop {
  id: string
  apiUser: { username: string; password: string }
  storefrontToken: string
}

export function demoShop(): DemoShop {
  const file = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as { shops: DemoShop[] }
  const shop = file.shops[0]
  if (!shop) throw new Error(`No demo shop in ${dataDir}/demo-credentials.json`)
  return shop
}

export async function startServer(): Promise<ChildProcess> {
  for (const route of ['open-api', 'open-api-beta', 'storefront-api']) {
    if (!existsSync(path.join(siteDir, route, 'index.html'))) {
      throw new Error(
        `No built ${route} page in ${siteDir}: build the site first (cd apps/site && npx docusaurus build).`,
      )
    }
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
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      LOG_LEVEL: 'warn',
      ROLES: 'api',
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
