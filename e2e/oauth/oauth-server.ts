import { type ChildProcess, execFile, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/**
 * The world of the consent suite: a Fanshelf server started for it (`fanshelf serve --role api`
 * on a spare loopback port, a temporary DATA_DIR, an empty SITE_DIR so the docs are not built),
 * an app registered with `fanshelf app create`, and a loopback "partner" that receives the
 * browser at its redirect URI.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface RegisteredApp {
  clientId: string
  clientSecret: string
  webhookHmacKey: string
  redirectUris: string[]
  scopes: string[]
}

export interface Admin {
  email: string
  password: string
  role: 'SUPER_ADMIN' | 'STAFF'
}

export interface OAuthWorld {
  origin: string
  dataDir: string
  shopId: string
  admin: Admin
  app: RegisteredApp
  /** The partner's redirect URI (a loopback page that says where the browser arrived). */
  callback: string
  close(): Promise<void>
}

async function sparePort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return promisify(execFile)(process.execPath, ['--import', 'tsx', 'packages/cli/src/bin.ts', ...args], {
    cwd: repoRoot,
    env,
  }).then((result) => result.stdout)
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not become healthy:\n${output()}`)
}

export async function startOAuthWorld(): Promise<OAuthWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-oauth-e2e-'))
  const siteDir = path.join(dataDir, 'site')
  fs.mkdirSync(siteDir)
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Fanshelf</title>')
  const port = await sparePort()
  const origin = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SITE_DIR: siteDir,
    LOG_LEVEL: 'warn',
  }

  // The partner's callback: a page naming where the browser arrived.
  const partner = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><title>Partner callback</title><h1>Back at the partner</h1><p>${request.url}</p>`)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  const callback = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/oauth/callback`

  // `node --import tsx` (not `npx tsx`): one process, stopped with its process group.
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/bin.ts', 'serve', '--role', 'api'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const close = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(-child.pid, 'SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    await new Promise((resolve) => partner.close(resolve))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(origin, child, () => output)
    const app = JSON.parse(
      await cli(
        [
          'app',
          'create',
          '--name',
          'Stream Overlay',
          '--redirect-uri',
          callback,
          '--scopes',
          'order_read,webhook_read',
          '--json',
        ],
        env,
      ),
    ) as RegisteredApp
    const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      shops: { id: string; admins: Admin[] }[]
    }
    const shop = credentials.shops[0]
    const admin = shop?.admins.find((a) => a.role === 'SUPER_ADMIN')
    if (!shop || !admin) throw new Error('The seed wrote no demo shop admin')
    return { origin, dataDir, shopId: shop.id, admin, app, callback, close }
  } catch (error) {
    await close()
    throw error
  }
}
