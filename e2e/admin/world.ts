import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'

export { axeSeriousViolations, expectNoHorizontalScroll } from '../page-checks.ts'

/**
 * The admin suite's world: a Fanshelf server (`fanshelf serve`, API and delivery worker in one
 * process) on a spare loopback port with a temporary DATA_DIR and the built admin SPA, its demo
 * credentials, and helpers the specs share (sign-in, a webhook receiver, axe).
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface Admin {
  email: string
  password: string
  role: 'SUPER_ADMIN' | 'STAFF'
}

export interface DemoShop {
  id: string
  name: string
  apiUser: { username: string; password: string }
  admins: Admin[]
}

async function sparePort(): Promise<number> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Builds the SPA (one build at a time on a shared machine: `flock` when it exists). */
export function buildAdmin(): void {
  if (process.env.ADMIN_SKIP_BUILD === '1' && fs.existsSync(path.join(repoRoot, 'apps/admin/dist/index.html'))) return
  const vite = path.join(repoRoot, 'node_modules/.bin/vite')
  const hasFlock = spawnSync('sh', ['-c', 'command -v flock'], { stdio: 'ignore' }).status === 0
  const [command, args] = hasFlock ? ['flock', ['/tmp/site-build.lock', vite, 'build']] : [vite, ['build']]
  const result = spawnSync(command, args, { cwd: path.join(repoRoot, 'apps/admin'), stdio: 'inherit' })
  if (result.status !== 0) throw new Error('The admin SPA failed to build')
}

export async function startAdminServer(): Promise<{ origin: string; dataDir: string; child: ChildProcess }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanshelf-admin-e2e-'))
  const siteDir = path.join(dataDir, 'site')
  fs.mkdirSync(siteDir)
  fs.writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>Fanshelf</title>')
  const port = await sparePort()
  const origin = `http://127.0.0.1:${port}`
  // The server outlives the global setup: its output goes to a file (a pipe would close under it,
  // and its next log line — every 4xx is one — would fail with EPIPE).
  const logFile = path.join(dataDir, 'server.log')
  const log = fs.openSync(logFile, 'a')
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/bin.ts', 'serve', '--role', 'all'], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SITE_DIR: siteDir,
      LOG_LEVEL: 'warn',
    },
  })
  fs.closeSync(log)
  const output = () => fs.readFileSync(logFile, 'utf8')
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output()}`)
    try {
      if ((await fetch(`${origin}/healthz`)).ok && fs.existsSync(path.join(dataDir, 'demo-credentials.json'))) {
        return { origin, dataDir, child }
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  if (child.pid) process.kill(-child.pid, 'SIGTERM')
  throw new Error(`The server did not become healthy:\n${output()}`)
}

/** Where the global setup's server is (it sets these variables for every worker). */
export function world() {
  const origin = process.env.ADMIN_E2E_ORIGIN
  const dataDir = process.env.ADMIN_E2E_DATA_DIR
  if (!origin || !dataDir) throw new Error('Run the admin suite with its config: playwright test -c e2e/admin')
  const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
    shops: DemoShop[]
  }
  const shop = credentials.shops[0]
  if (!shop) throw new Error('The seed wrote no demo shop')
  const admin = (role: Admin['role']) => {
    const found = shop.admins.find((a) => a.role === role)
    if (!found) throw new Error(`The demo shop has no ${role}`)
    return found
  }
  return { origin, dataDir, shop, owner: admin('SUPER_ADMIN'), staff: admin('STAFF') }
}

export async function signIn(page: Page, admin: Admin, path = '/admin/'): Promise<void> {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
}

/** The session cookie and CSRF token of a sign-in through the admin API (for direct backend calls). */
export async function apiSession(admin: Admin): Promise<{ cookie: string; csrfToken: string }> {
  const { origin } = world()
  const response = await fetch(`${origin}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  expect(response.status).toBe(200)
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const { csrfToken } = (await response.json()) as { csrfToken: string }
  return { cookie, csrfToken }
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders
  body: string
}

/** A real webhook receiver on loopback that answers 200 and records every delivery. */
export async function startReceiver() {
  const received: ReceivedWebhook[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
  return {
    url,
    received,
    async waitFor(predicate: (webhook: ReceivedWebhook) => boolean, timeoutMs = 20_000): Promise<ReceivedWebhook> {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const found = received.find(predicate)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`No matching webhook arrived within ${timeoutMs} ms (got ${received.length})`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Opens a section through the navigation, behind the menu button on a narrow screen. */
export async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' })
  if (await menu.isVisible()) {
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
  }
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

/** Every screen of the signed-in admin, with ids of the seeded data (and a webhook, when one exists). */
export async function adminScreenPaths(): Promise<string[]> {
  const { origin, owner } = world()
  const { cookie } = await apiSession(owner)
  const get = (path: string) => fetch(`${origin}/admin/api${path}`, { headers: { cookie } }).then((r) => r.json())
  const [orders, products, webhooks] = await Promise.all([
    get('/orders?size=1'),
    get('/products?size=1'),
    get('/webhooks?size=1'),
  ])
  const webhookId = webhooks.results[0]?.id as string | undefined
  return [
    '/admin/orders',
    `/admin/orders/${orders.results[0].id}`,
    '/admin/products',
    `/admin/products/${products.results[0].id}`,
    '/admin/products/new',
    '/admin/promotions',
    '/admin/promotions/new',
    '/admin/gift-cards',
    '/admin/people',
    '/admin/password',
    '/admin/settings',
    '/admin/developer/api-users',
    '/admin/developer/storefront',
    '/admin/developer/webhooks',
    '/admin/developer/webhooks/new',
    '/admin/developer/platform-apps',
    '/admin/developer/audit-log',
    '/admin/nowhere',
    ...(webhookId ? [`/admin/developer/webhooks/${webhookId}`, `/admin/developer/webhooks/${webhookId}/edit`] : []),
  ]
}
