import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect } from 'vitest'
import { freePort, here, repoRoot, requireBuiltSdk, stop, tsx, waitFor } from './sample-runs.ts'

/**
 * A Fanshelf started for the samples (`fanshelf start` on a free port with its own data directory,
 * the demo shop seeded) and the ways a reader runs a sample against it: bash, tsx, or a long-running
 * process. `env` and `superAdmin` are live bindings, set by `setUpRunningFanshelf()` before the tests
 * of the describe that calls it.
 */

/** The bearer token of /metrics (METRICS_TOKEN), as operate/prometheus.yml's credentials file holds it. */
export const metricsToken = randomBytes(24).toString('base64url')
export const work = mkdtempSync(path.join(tmpdir(), 'fanshelf-samples-'))
let server: ChildProcess | undefined
export let env: NodeJS.ProcessEnv = {}
/** The demo shop's super-admin, who approves platform apps on the consent page. */
export let superAdmin = { email: '', password: '' }
export let log = ''

const children: ChildProcess[] = []

/** Starts a long-running sample (a receiver, `fanshelf listen`); its output accumulates in `output()`. */
export function start(command: string, args: string[], extra: Record<string, string> = {}) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    detached: true,
    env: { ...env, ...extra },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8')
  })
  return { child, output: () => output }
}

/** Runs a TypeScript sample with tsx, as a reader would; answers its output. */
export function runTs(sample: string, extra: Record<string, string> = {}): string {
  requireBuiltSdk()
  return execFileSync(tsx, [path.join(here, sample)], { cwd: repoRoot, env: { ...env, ...extra }, encoding: 'utf8' })
}

export function run(sample: string, extra: Record<string, string> = {}): string {
  return execFileSync('bash', [path.join(here, sample)], {
    cwd: repoRoot,
    env: { ...env, ...extra },
    encoding: 'utf8',
  })
}

/** `run` without blocking the event loop, for samples whose effects a server in this process answers. */
export async function runAsync(sample: string): Promise<string> {
  const { stdout } = await promisify(execFile)('bash', [path.join(here, sample)], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  })
  return stdout
}

// biome-ignore lint/suspicious/noExplicitAny: parsed answers of many shapes, each checked by the test that reads it.
export function json(sample: string, extra: Record<string, string> = {}): any {
  return JSON.parse(run(sample, extra))
}

/** The redirect URI the sample app (cli/app-create.sh) registered. */
export const callback = 'https://app.example.com/fanshelf/callback'

/**
 * What the shop admin's browser does on the consent page: sign in, open the consent link (with a
 * PKCE challenge), approve. Answers the status of the approval and the code it redirects with.
 */
export async function consent(clientId: string, codeVerifier: string): Promise<{ status: number; location: URL }> {
  const origin = env.FANSHELF_ORIGIN ?? ''
  const signIn = await fetch(`${origin}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(superAdmin),
  })
  expect(signIn.status).toBe(200)
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  const link = new URL(`${origin}/admin/platform-apps/${clientId}/connect`)
  link.searchParams.set('redirect_uri', callback)
  link.searchParams.set('state', '4f1c9a7e')
  link.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'))
  link.searchParams.set('code_challenge_method', 'S256')
  const page = await fetch(link, { headers: { cookie } })
  const html = await page.text()
  expect(page.status, html.slice(0, 500)).toBe(200)
  const form = /<form[^>]*action="\/admin\/platform-apps\/[^"]*"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? ''
  const fields = new URLSearchParams()
  for (const [, name = '', value = ''] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.set(
      name,
      value
        .replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&'),
    )
  }
  fields.set('decision', 'approve')
  const approved = await fetch(`${origin}${link.pathname}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  })
  return { status: approved.status, location: new URL(approved.headers.get('location') ?? 'about:blank') }
}

/** A sample expected to fail (curl --fail-with-body exits non-zero): answers what it printed. */
export function failing(sample: string, extra: Record<string, string>): string {
  try {
    run(sample, extra)
  } catch (error) {
    return String((error as { stdout?: string }).stdout)
  }
  throw new Error(`${sample} succeeded`)
}

/** Starts the server before the calling describe's tests and stops it (and every started sample) after them. */
export function setUpRunningFanshelf(): void {
  beforeAll(async () => {
    const port = await freePort()
    const origin = `http://127.0.0.1:${port}`
    const siteDir = path.join(work, 'site')
    rmSync(siteDir, { recursive: true, force: true })
    // A stand-in site build, so that starting the platform does not build the docs site.
    execFileSync('mkdir', ['-p', siteDir])
    writeFileSync(path.join(siteDir, 'index.html'), '<!doctype html><title>docs</title>')
    server = spawn(process.execPath, [path.join(repoRoot, 'packages/cli/bin/fanshelf.js'), 'start'], {
      cwd: repoRoot,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        SITE_DIR: siteDir,
        PUBLIC_URL: origin,
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: metricsToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    server.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8')
    })
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString('utf8')
    })
    await waitFor(`${origin}/open-api/v1.0/shops/current`, 120_000)
    const credentials = JSON.parse(readFileSync(path.join(work, 'data/demo-credentials.json'), 'utf8')) as {
      shops: Array<{
        id: string
        apiUser: { username: string; password: string }
        storefrontToken: string
        admins: Array<{ email: string; password: string; role: string }>
      }>
    }
    const demo = credentials.shops[0]
    if (demo === undefined) throw new Error(`No demo shop in the credentials file. Server log:\n${log}`)
    superAdmin = demo.admins.find((admin) => admin.role === 'SUPER_ADMIN') ?? superAdmin
    env = {
      ...process.env,
      // The CLI samples run from the repository root on this server's data, as from a second terminal:
      // no PORT or PUBLIC_URL, they find the server through DATA_DIR (server.json, written at its start).
      DATA_DIR: path.join(work, 'data'),
      // The one naming scheme of the guides: the server's origin, credentials, ids as shell variables.
      FANSHELF_ORIGIN: origin,
      FANSHELF_API_USER: demo.apiUser.username,
      FANSHELF_API_PASSWORD: demo.apiUser.password,
      FANSHELF_STOREFRONT_TOKEN: demo.storefrontToken,
      SHOP_ID: demo.id,
      // A product of the demo shop with several variants in stock (the cart and checkout-link samples).
      PRODUCT_SLUG: 'pixel-pines-logo-tee',
    }
  }, 180_000)

  afterAll(() => {
    for (const child of children) stop(child)
    stop(server)
    rmSync(work, { recursive: true, force: true })
  })
}
