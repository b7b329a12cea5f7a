import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serverBundleArgs } from '../fanshelf-start.js'

/**
 * The example storefront suite's two servers:
 *
 * - the local Fanshelf server (`fanshelf start`, as `npm start` runs it) on a spare port with a fresh
 *   DATA_DIR — it seeds the demo shops and writes demo-credentials.json;
 * - the example storefront, built with Vite with nothing configured and served by `vite preview`: as
 *   beside `npm start`, the page asks the preview server for the local server's origin and the demo
 *   shop's storefront token, which it finds through DATA_DIR (server.json, the demo credentials).
 *
 * Both run in their own process group and are stopped by PID.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const apiPort = Number(process.env.STOREFRONT_E2E_API_PORT ?? 4651)
export const apiOrigin = `http://127.0.0.1:${apiPort}`
export const storefrontPort = Number(process.env.STOREFRONT_E2E_PORT ?? 4652)
export const storefrontOrigin = `http://127.0.0.1:${storefrontPort}`
export const workDir = process.env.STOREFRONT_E2E_DIR ?? `/tmp/fanshelf-storefront-e2e-${apiPort}`
export const dataDir = path.join(workDir, 'data')
const siteDir = path.join(workDir, 'site')
const distDir = path.join(workDir, 'storefront')
const exampleDir = path.join(repoRoot, 'examples/storefront')
const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name)

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

function startProcess(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return { child, output: () => output }
}

async function waitFor(url: string, child: ChildProcess, output: () => string, ready: () => boolean = () => true) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}):\n${output()}`)
    try {
      if ((await fetch(url)).ok && ready()) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  stop(child.pid)
  throw new Error(`${url} did not answer within 90 s:\n${output()}`)
}

export async function startApi(): Promise<ChildProcess> {
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  // The docs site is not part of this suite: a placeholder keeps `start` from building it.
  mkdirSync(siteDir, { recursive: true })
  writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Fanshelf</title>')
  // The bundle `npm start` runs, in one process, stopped with its process group.
  const { child, output } = startProcess(process.execPath, serverBundleArgs('start'), {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      LOG_LEVEL: 'warn',
    },
  })
  await waitFor(`${apiOrigin}/healthz`, child, output, () => existsSync(path.join(dataDir, 'demo-credentials.json')))
  return child
}

/** The environment of a newcomer's second terminal: only the data directory the server uses, no VITE_ settings. */
function unconfigured(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
  for (const name of Object.keys(env))
    if (name.startsWith('VITE_') || name === 'PORT' || name === 'PUBLIC_URL') delete env[name]
  return env
}

/** Builds the storefront (one Vite build at a time on the shared machine). */
export function buildStorefront(): void {
  const env = unconfigured()
  const sdk = spawnSync('npm', ['run', 'build', '-w', '@fanshelf/sdk'], { cwd: repoRoot, env, stdio: 'inherit' })
  if (sdk.status !== 0) throw new Error('The SDK failed to build')
  const build = spawnSync(
    'flock',
    ['/tmp/site-build.lock', bin('vite'), 'build', '--outDir', distDir, '--emptyOutDir'],
    {
      cwd: exampleDir,
      env,
      stdio: 'inherit',
    },
  )
  if (build.status !== 0) throw new Error('The example storefront failed to build')
}

export async function startStorefront(): Promise<ChildProcess> {
  const { child, output } = startProcess(
    bin('vite'),
    ['preview', '--outDir', distDir, '--port', String(storefrontPort), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: exampleDir,
      env: unconfigured(),
    },
  )
  await waitFor(`${storefrontOrigin}/`, child, output)
  return child
}

export function stop(pid: number | undefined): void {
  if (!pid) return
  try {
    process.kill(-pid, 'SIGTERM')
  } catch {
    // already gone
  }
}

export const pidFile = path.join(workDir, 'pids.json')
