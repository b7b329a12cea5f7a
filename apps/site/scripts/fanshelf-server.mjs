// Starts Fanshelf the way `npm start` runs it (`fanshelf start`, the CLI) serving a built docs site,
// for the site's browser suite and Lighthouse: the pages are measured on the production server, not
// on a stand-in. No demo shop (SEED_DEMO=false, a fresh DATA_DIR): the docs then render as they do
// for any reader whose server has no demo credentials to fill in.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/**
 * @param {{ siteDir: string, port: number, host?: string, env?: Record<string, string> }} options
 * @returns {Promise<{ url: string, pid: number, close: () => Promise<void> }>}
 */
export async function startFanshelfServer({ siteDir, port, host = '127.0.0.1', env = {} }) {
  if (!existsSync(path.join(siteDir, 'index.html'))) throw new Error(`No built site in ${siteDir}`)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fanshelf-site-server-'))
  const url = `http://${host}:${port}`
  // The bundle `npm start` runs (built first, as `npm start` does), in one process, stopped with its
  // process group.
  const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  if (built.status !== 0) throw new Error('scripts/build-server.ts failed; see the output above')
  // With the Node flags package.json's start script gives it (see scripts/server-flags.ts).
  const startScript = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts.start
  const flags =
    /\bnode((?:\s+--\S+)*)\s+packages\/cli\/dist\/fanshelf\.mjs/.exec(startScript)?.[1]?.split(/\s+/).filter(Boolean) ??
    []
  const child = spawn(process.execPath, [...flags, 'packages/cli/dist/fanshelf.mjs', 'start'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: host,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      SEED_DEMO: 'false',
      ROLES: 'api',
      LOG_LEVEL: 'warn',
      ...env,
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true })
      throw new Error(`Fanshelf exited (${child.exitCode}):\n${output}`)
    }
    try {
      const response = await fetch(`${url}/readyz`)
      if (response.ok) return { url, pid: child.pid, close }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await close()
  throw new Error(`Fanshelf did not start within 120 s:\n${output}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2)
  const option = (name, fallback) => {
    const index = args.indexOf(`--${name}`)
    return index >= 0 ? args[index + 1] : fallback
  }
  const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const server = await startFanshelfServer({
    siteDir: path.resolve(option('root', path.join(siteDir, 'build'))),
    port: Number(option('port', '4010')),
  })
  console.log(`Fanshelf serves the built docs site on ${server.url}/ (Ctrl-C stops it)`)
  process.on('SIGINT', () => void server.close().then(() => process.exit(0)))
}
