import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { defaultExchangeRates } from '../../api/src/modules/money/exchange-rates.ts'
import { shutdownGraceMs } from '../../api/src/modules/webhook-delivery/delivery-worker.ts'
import { connectTimeoutMs, responseTimeoutMs } from '../../api/src/modules/webhooks/delivery-policy.ts'
import { verifyFanshelfSignature, verifyStandardWebhook } from './signature/verify.ts'

/**
 * The samples the guides show (apps/site/samples), run for real: every shell sample passes
 * `bash -n`; the TypeScript samples type-check against the built @fanshelf/sdk; and the samples that
 * only need the seeded demo shop run against a Fanshelf started here (`fanshelf start` on a free port
 * with its own data directory): the curl samples, the SDK samples (`tsx`), the CLI samples (`npx
 * fanshelf …` from the repository root, on the same DATA_DIR) and the webhook receiver the guides
 * quote (a copy of examples/webhook-receiver, fed real, forged and replayed deliveries).
 *
 * The SDK samples import `@fanshelf/sdk` as published, from packages/sdk/dist: build it first
 * (`npm run build -w @fanshelf/sdk`).
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../..')
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx')
const tsc = path.join(repoRoot, 'node_modules/.bin/tsc')
const sdkDist = path.join(repoRoot, 'packages/sdk/dist/index.js')

function requireBuiltSdk(): void {
  if (!existsSync(sdkDist)) {
    throw new Error(
      'The SDK samples import @fanshelf/sdk from packages/sdk/dist: run `npm run build -w @fanshelf/sdk` first.',
    )
  }
}

/**
 * Output that changes from run to run (ids, times, ports, latencies, the product trigger picks),
 * replaced by placeholders so that a transcript in a guide can be compared with a real run.
 */
function normalizeOutput(text: string): string[] {
  return text
    .replace(/\b(wcon|weve|evt|don|ch)_[A-Za-z0-9_-]{22}\b/g, '$1_…')
    .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_…')
    .replace(/\bsh_[A-Za-z0-9_-]{22}\b/g, 'sh_…')
    .replace(/\bfsal_[A-Za-z0-9_-]+/g, 'fsal_…')
    .replace(/sh_[0-9a-f-]{36}/g, 'sh_…')
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, 'DATETIME')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'UUID')
    .replace(/\b\d\d:\d\d:\d\d\.\d{3}\b/g, 'TIME')
    .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
    .replace(/\(\d+ ms\)/g, '(N ms)')
    .replace(/order [A-Z0-9]{8} /g, 'order FRIENDLY ')
    .replace(/1 × .+?, paid/g, '1 × PRODUCT, paid')
    .replace(/→ \d+ deliver(y|ies): weve_…( weve_…)*/g, '→ DELIVERIES')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !line.startsWith('npm warn'))
}

/** Waits until `read()` contains `text` (a child's output), failing with what it printed. */
async function outputContains(read: () => string, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!read().includes(text)) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for "${text}" in:\n${read()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function shellSamples(): string[] {
  return ['http', 'storefront', 'cli'].flatMap((dir) =>
    readdirSync(path.join(here, dir))
      .filter((file) => file.endsWith('.sh'))
      .map((file) => `${dir}/${file}`),
  )
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await fetch(url)
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

function stop(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    child.kill('SIGTERM')
  }
}

describe('shell samples are valid bash', () => {
  for (const sample of shellSamples()) {
    it(sample, () => {
      execFileSync('bash', ['-n', path.join(here, sample)])
    })
  }
})

describe('the samples share one naming scheme (README.md)', () => {
  const names = new Set([
    ...['ORIGIN', 'API_USER', 'API_PASSWORD', 'STOREFRONT_TOKEN', 'CLIENT_ID', 'CLIENT_SECRET', 'WEBHOOK_SECRET'].map(
      (name) => `FANSHELF_${name}`,
    ),
    ...['SHOP_ID', 'PRODUCT_ID', 'PRODUCT_SLUG', 'VARIANT_ID', 'OTHER_VARIANT_ID', 'COLLECTION_SLUG', 'CART_ID'],
    ...[
      'ORDER_ID',
      'WEBHOOK_CONFIGURATION_ID',
      'WEBHOOK_EVENT_ID',
      'PROMOTION_ID',
      'GIVEAWAY_ID',
      'DRAW_ID',
      'OFFER_ID',
      'THANK_YOU_ID',
    ],
    // Handed over by the OAuth steps and the local tools.
    ...['REDIRECT_URI', 'CODE', 'CODE_VERIFIER', 'ACCESS_TOKEN', 'REFRESH_TOKEN', 'WEBHOOK_URL', 'FORWARD_TO'],
    // The example receiver's own listening address (webhooks/server.ts).
    ...['PORT', 'HOST', 'WEBHOOK_PATH'],
  ])
  const files = ['http', 'storefront', 'compat', 'cli', 'sdk', 'webhooks'].flatMap((dir) =>
    readdirSync(path.join(here, dir))
      .filter((file) => /\.(sh|ts|mjs)$/.test(file))
      .map((file) => `${dir}/${file}`),
  )

  for (const file of files) {
    it(`${file} names only the documented variables and reaches the server through FANSHELF_ORIGIN`, () => {
      const text = readFileSync(path.join(here, file), 'utf8')
      // Shell variables in shell samples; environment reads in the TypeScript and JavaScript ones.
      const pattern = file.endsWith('.sh') ? /\$\{?([A-Z][A-Z0-9_]*)/g : /\benv\.([A-Z][A-Z0-9_]*)/g
      const used = [...text.matchAll(pattern)].map((match) => match[1])
      expect(used.filter((name) => !names.has(name as string))).toEqual([])
      // The documented default (the served site rewrites it to the reader's origin) and nothing else.
      const origins = text
        .replace(/\$\{FANSHELF_ORIGIN:-http:\/\/127\.0\.0\.1:4000\}/g, '')
        .replaceAll("FANSHELF_ORIGIN ?? 'http://127.0.0.1:4000'", '')
      expect(origins).not.toMatch(/127\.0\.0\.1:4000|localhost:4000/)
    })
  }
})

describe('the TypeScript samples type-check against the SDK', () => {
  // The contract's types are the SDK's: a call the contract does not allow does not compile.
  it('tsc -p samples/tsconfig.check.json (sdk/*.ts, webhooks/*.ts)', () => {
    requireBuiltSdk()
    try {
      execFileSync(tsc, ['-p', path.join(here, 'tsconfig.check.json')], { cwd: repoRoot, encoding: 'utf8' })
    } catch (error) {
      throw new Error(`The samples do not type-check:\n${(error as { stdout?: string }).stdout ?? String(error)}`)
    }
  })
})

describe('samples quoted from the code stay identical to it', () => {
  it('webhooks/receiver.ts, seen-events.ts and server.ts are examples/webhook-receiver/src', () => {
    for (const file of ['receiver.ts', 'seen-events.ts', 'server.ts']) {
      const example = readFileSync(path.join(repoRoot, 'examples/webhook-receiver/src', file), 'utf8')
      expect(
        readFileSync(path.join(here, 'webhooks', file), 'utf8'),
        `samples/webhooks/${file} differs from the example: cp examples/webhook-receiver/src/${file} apps/site/samples/webhooks/`,
      ).toBe(example)
    }
  })

  it('storefront/exchange-rates.json is the server’s rate table, in the contract’s currency order', () => {
    const rates = JSON.parse(readFileSync(path.join(here, 'storefront/exchange-rates.json'), 'utf8'))
    expect(rates).toEqual(defaultExchangeRates)
    const contract = parseYaml(readFileSync(path.join(repoRoot, 'openapi/storefront-api.yaml'), 'utf8'))
    expect(Object.keys(rates)).toEqual(contract.components.schemas.StorefrontCurrency.enum)
  })

  for (const [file, args] of [
    ['cli/fanshelf-help.txt', ['--help']],
    ['cli/trigger-help.txt', ['trigger', '--help']],
    ['cli/listen-help.txt', ['listen', '--help']],
  ] as const) {
    it(`${file} is the output of fanshelf ${args.join(' ')}`, () => {
      const output = execFileSync(process.execPath, [path.join(repoRoot, 'packages/cli/bin/fanshelf.js'), ...args], {
        cwd: repoRoot,
        encoding: 'utf8',
      })
      expect(
        readFileSync(path.join(here, file), 'utf8'),
        `regenerate it: npx fanshelf ${args.join(' ')} > apps/site/samples/${file}`,
      ).toBe(output)
    }, 60_000)
  }
})

describe('the JavaScript storefront client parses', () => {
  it('storefront/storefront-client.mjs', () => {
    execFileSync(process.execPath, ['--check', path.join(here, 'storefront/storefront-client.mjs')])
  })
})

describe('the operator guide (docs/operate/running-fanshelf.mdx) quotes the code', () => {
  it('a stopping worker lets attempts in flight finish for the connect and answer timeouts and a second', () => {
    expect(shutdownGraceMs).toBe(connectTimeoutMs + responseTimeoutMs + 1_000)
  })

  it('operate/fanshelf-alerts.yml: every rule has a name, an expression, a duration, a severity and a summary', () => {
    const groups = parseYaml(readFileSync(path.join(here, 'operate/fanshelf-alerts.yml'), 'utf8')).groups
    const rules = groups.flatMap((group: { rules: unknown[] }) => group.rules)
    // The scrape itself, then the five of the guide.
    expect(rules).toHaveLength(6)
    for (const rule of rules) {
      expect(rule).toEqual({
        alert: expect.stringMatching(/^Fanshelf[A-Za-z]+$/),
        expr: expect.any(String),
        for: expect.stringMatching(/^\d+m$/),
        labels: { severity: expect.stringMatching(/^(page|ticket)$/) },
        annotations: { summary: expect.any(String) },
      })
    }
  })
})

describe('samples against a running Fanshelf', () => {
  /** The bearer token of /metrics (METRICS_TOKEN), as operate/prometheus.yml's credentials file holds it. */
  const metricsToken = randomBytes(24).toString('base64url')
  const work = mkdtempSync(path.join(tmpdir(), 'fanshelf-samples-'))
  let server: ChildProcess | undefined
  let env: NodeJS.ProcessEnv = {}
  /** The demo shop's super-admin, who approves platform apps on the consent page. */
  let superAdmin = { email: '', password: '' }
  let log = ''

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

  const children: ChildProcess[] = []

  afterAll(() => {
    for (const child of children) stop(child)
    stop(server)
    rmSync(work, { recursive: true, force: true })
  })

  /** Starts a long-running sample (a receiver, `fanshelf listen`); its output accumulates in `output()`. */
  function start(command: string, args: string[], extra: Record<string, string> = {}) {
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
  function runTs(sample: string, extra: Record<string, string> = {}): string {
    requireBuiltSdk()
    return execFileSync(tsx, [path.join(here, sample)], { cwd: repoRoot, env: { ...env, ...extra }, encoding: 'utf8' })
  }

  function run(sample: string, extra: Record<string, string> = {}): string {
    return execFileSync('bash', [path.join(here, sample)], {
      cwd: repoRoot,
      env: { ...env, ...extra },
      encoding: 'utf8',
    })
  }

  /** `run` without blocking the event loop, for samples whose effects a server in this process answers. */
  async function runAsync(sample: string): Promise<string> {
    const { stdout } = await promisify(execFile)('bash', [path.join(here, sample)], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    })
    return stdout
  }

  // biome-ignore lint/suspicious/noExplicitAny: parsed answers of many shapes, each checked by the test that reads it.
  function json(sample: string, extra: Record<string, string> = {}): any {
    return JSON.parse(run(sample, extra))
  }

  it('http/first-call.sh answers the demo shop', () => {
    const shop = json('http/first-call.sh')
    expect(shop.id).toBe(env.SHOP_ID)
    expect(shop.name).toBe('Pixel Pines Merch')
  })

  it('http/list-orders.sh answers a filtered page', () => {
    const page = json('http/list-orders.sh')
    expect(Array.isArray(page.results)).toBe(true)
    expect(page.size).toBe(50)
    for (const order of page.results) expect(['SHIPPED', 'DELIVERED']).toContain(order.status)
  })

  it('http/rate-limit-headers.sh shows the rate-limit headers', () => {
    const headers = run('http/rate-limit-headers.sh').toLowerCase()
    expect(headers).toContain('ratelimit-policy: "default";q=100;w=10')
    expect(headers).toContain('x-ratelimit-limit: 100')
    expect(headers).toContain('request-id:')
  })

  it('http/validation-error.sh lists every invalid field', () => {
    const error = json('http/validation-error.sh')
    expect(error.code).toBe('REQUEST_VALIDATION_FAILED')
    const fields = error.details.errors.map((entry: { field: string }) => entry.field)
    expect(fields).toEqual(expect.arrayContaining(['orderId', 'items', 'shippingLabel/trackingCompany']))
  })

  it('http/storefront-token.sh answers the storefront token', () => {
    expect(json('http/storefront-token.sh').token).toBe(env.FANSHELF_STOREFRONT_TOKEN)
  })

  it('http/product-feed-local.sh answers the RSS feed', () => {
    const feed = run('http/product-feed-local.sh')
    expect(feed).toContain('<rss')
    expect(feed).toContain('Pixel Pines Logo Tee')
  })

  it('http/streaming-start.sh and http/streaming-end.sh switch the stream', () => {
    const started = json('http/streaming-start.sh')
    expect(started.services[0]).toMatchObject({ type: 'TWITCH', status: 'ONLINE', broadcasterLogin: 'pixelpines' })
    const ended = json('http/streaming-end.sh')
    expect(ended.services[0]).toMatchObject({ type: 'TWITCH', status: 'OFFLINE' })
  })

  it('storefront/collections.sh lists the built-in all collection first', () => {
    const page = json('storefront/collections.sh')
    expect(page.results[0].slug).toBe('all')
    expect(page.paging).toMatchObject({ pageNumber: 0, pageSize: 20 })
  })

  it('storefront/collection-products.sh answers prices in euros', () => {
    const page = json('storefront/collection-products.sh')
    expect(page.paging.pageSize).toBe(12)
    expect(page.results.length).toBeGreaterThan(0)
    expect(page.results[0].variants[0].unitPrice.currency).toBe('EUR')
  })

  it('storefront/shop.sh answers the checkout base', () => {
    const shop = json('storefront/shop.sh')
    expect(shop.checkoutUrl).toMatch(/\/checkout\/$/)
  })

  it('compat/template-collection.sh answers four USD products to the example storefront’s request', () => {
    const page = json('compat/template-collection.sh')
    expect(page.results).toHaveLength(4)
    for (const product of page.results) expect(product.variants[0].unitPrice.currency).toBe('USD')
  })

  it('storefront/product.sh answers the product $PRODUCT_SLUG names', () => {
    const other = json('storefront/collection-products.sh').results.at(-1)
    expect(json('storefront/product.sh', { PRODUCT_SLUG: other.slug })).toMatchObject({
      id: other.id,
      slug: other.slug,
    })
  })

  it('the cart samples create, add, change and remove as the guide says', () => {
    const product = json('storefront/product.sh')
    expect(product.slug).toBe(env.PRODUCT_SLUG)
    const variant = product.variants.find(
      (candidate: { stock: { type: string; inStock?: number } }) =>
        candidate.stock.type === 'UNLIMITED' || (candidate.stock.inStock ?? 0) >= 3,
    )
    expect(variant).toBeDefined()
    const created = json('storefront/create-cart.sh', { VARIANT_ID: variant.id })
    expect(created.items).toHaveLength(1)
    expect(created.metadata).toEqual({ source: 'my_storefront' })
    const ids = { VARIANT_ID: variant.id, CART_ID: created.id }
    expect(json('storefront/add-to-cart.sh', ids).items[0].quantity).toBe(3)
    expect(json('storefront/change-cart.sh', ids).items[0].quantity).toBe(1)
    expect(json('storefront/remove-from-cart.sh', ids).items).toEqual([])
  })

  it('storefront/direct-checkout-link.sh redirects to the hosted checkout with a new cart', () => {
    const product = json('storefront/product.sh')
    const [first, second] = product.variants
    const answer = run('storefront/direct-checkout-link.sh', {
      VARIANT_ID: first.id,
      OTHER_VARIANT_ID: second.id,
    }).trim()
    const [status, location] = answer.split(' ')
    expect(status).toBe('302')
    const target = new URL(location as string)
    expect(target.pathname).toBe('/checkout/')
    expect(target.searchParams.get('cartCurrency')).toBe('USD')
    expect(target.searchParams.get('coupon')).toBe('WINTER10')
    expect(target.searchParams.get('cartId')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('the webhook samples subscribe, test, inspect, replay and re-enable; deliveries verify with the guide code', async () => {
    const deliveries: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = []
    const receiver = createHttpServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        deliveries.push({ headers: request.headers, body: Buffer.concat(chunks) })
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const address = receiver.address()
    const webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/fanshelf`
    try {
      const created = json('http/create-webhook.sh', { WEBHOOK_URL: webhookUrl })
      expect(created.id).toMatch(/^wcon_/)
      expect(typeof created.secret).toBe('string')
      const ids = { WEBHOOK_URL: webhookUrl, WEBHOOK_CONFIGURATION_ID: created.id }
      const queued = json('http/send-test-event.sh', ids)
      expect(queued).toMatchObject({ type: 'ORDER_PLACED', testMode: true })
      await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBeGreaterThan(0)
      const delivery = deliveries[0]
      if (delivery === undefined) throw new Error('no delivery')
      const header = (name: string) => {
        const value = delivery.headers[name]
        return typeof value === 'string' ? value : undefined
      }
      expect(verifyFanshelfSignature(delivery.body, header('x-fanshelf-hmac-sha256'), created.secret)).toBe(true)
      expect(
        verifyStandardWebhook(
          delivery.body,
          { id: header('webhook-id'), timestamp: header('webhook-timestamp'), signature: header('webhook-signature') },
          created.secret,
        ),
      ).toBe(true)
      const envelope = JSON.parse(delivery.body.toString('utf8'))
      expect(envelope).toMatchObject({ id: queued.id, type: 'ORDER_PLACED', testMode: true, webhookId: created.id })
      // A Standard Webhooks library takes the secret unchanged, as the signature guide says.
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
      const standardHeaders = {
        'webhook-id': header('webhook-id') ?? '',
        'webhook-timestamp': header('webhook-timestamp') ?? '',
        'webhook-signature': header('webhook-signature') ?? '',
      }
      expect(new Webhook(created.secret).verify(delivery.body.toString('utf8'), standardHeaders)).toMatchObject({
        id: queued.id,
      })
      // sdk/verify-webhook.ts (the SDK's verifyWebhook) accepts the real delivery and refuses altered ones.
      requireBuiltSdk()
      process.env.FANSHELF_WEBHOOK_SECRET = created.secret
      const { receiveDelivery } = await import('./sdk/verify-webhook.ts')
      const verified = await receiveDelivery(delivery.body, delivery.headers)
      expect(verified.status).toBe(200)
      expect(verified.event).toMatchObject({ id: queued.id, type: 'ORDER_PLACED', testMode: true })
      const tampered = Buffer.from(delivery.body.toString('utf8').replace('"testMode":true', '"testMode":false'))
      expect((await receiveDelivery(tampered, delivery.headers)).status).toBe(401)
      const { 'webhook-signature': _standard, ...hmacOnly } = delivery.headers
      expect((await receiveDelivery(delivery.body, hmacOnly)).status).toBe(200)
      expect((await receiveDelivery(tampered, hmacOnly)).status).toBe(401)
      expect((await receiveDelivery(delivery.body, {})).status).toBe(401)
      const eventIds = { ...ids, WEBHOOK_EVENT_ID: queued.id }
      await expect.poll(() => json('http/get-webhook-event.sh', eventIds).state, { timeout: 20_000 }).toBe('DELIVERED')
      const listed = json('http/list-webhook-events.sh', eventIds)
      expect(listed.results.map((event: { id: string }) => event.id)).toContain(queued.id)
      const replayed = json('http/replay-webhook-event.sh', eventIds)
      expect(replayed).toMatchObject({ id: queued.id, state: 'PENDING' })
      await expect.poll(() => deliveries.length, { timeout: 20_000 }).toBeGreaterThan(1)
      expect(JSON.parse(deliveries[1]?.body.toString('utf8') ?? '{}').id).toBe(queued.id)
      expect(json('http/reenable-webhook.sh', ids)).toMatchObject({
        id: created.id,
        enabled: true,
        disabledReason: null,
      })
    } finally {
      receiver.close()
    }
  })

  it('storefront/storefront-client.mjs pages through a collection and builds the checkout URL', async () => {
    const script = [
      `import { allProducts, checkoutUrl, storefront } from ${JSON.stringify(path.join(here, 'storefront/storefront-client.mjs'))}`,
      'let count = 0',
      "for await (const product of allProducts('all', 'EUR')) count += product.slug ? 1 : 0",
      "const cart = await storefront.createCart([], 'EUR')",
      'console.log(JSON.stringify({ count, url: await checkoutUrl(cart), cart: cart.id }))',
    ].join('\n')
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' })
    const result = JSON.parse(output)
    expect(result.count).toBeGreaterThan(0)
    expect(result.url).toContain(`cartCurrency=EUR&cartId=${result.cart}`)
  })

  it('sdk/first-call.ts connects with the API user and pages through CONFIRMED orders', () => {
    const output = runTs('sdk/first-call.ts').trim().split('\n')
    expect(output[0]).toBe(`Connected to Pixel Pines Merch (${env.SHOP_ID})`)
    expect(output.length).toBeGreaterThan(1)
    for (const line of output.slice(1)) expect(line).toMatch(/^[A-Z0-9]{8} \d+(\.\d{1,2})? USD$/)
  })

  it('sdk/storefront-checkout.ts builds a cart in euros and answers the hosted checkout URL', async () => {
    const [line, url = ''] = runTs('sdk/storefront-checkout.ts').trim().split('\n')
    expect(line).toMatch(/^1 line\(s\), \d+(\.\d{1,2})? EUR each$/)
    expect(url).toMatch(new RegExp(`^${env.FANSHELF_ORIGIN}/checkout/\\?cartCurrency=EUR&cartId=[0-9a-f-]{36}$`))
    const checkout = await fetch(url)
    expect(checkout.status).toBe(200)
  })

  it('cli/demo-credentials.sh prints the demo shop, then every shop as JSON', () => {
    const output = run('cli/demo-credentials.sh')
    expect(output).toContain(`Fanshelf demo shop: Pixel Pines Merch  (${env.SHOP_ID}`)
    const json = JSON.parse(output.slice(output.indexOf('\n{') + 1))
    expect(json.shops[0]).toMatchObject({
      id: env.SHOP_ID,
      apiUser: { username: env.FANSHELF_API_USER, password: env.FANSHELF_API_PASSWORD },
      storefrontToken: env.FANSHELF_STOREFRONT_TOKEN,
    })
  }, 120_000)

  it('webhooks/server.ts (the example receiver) handles a real delivery, refuses a forged one, and a replay once', async () => {
    const port = await freePort()
    const created = json('http/create-webhook.sh', { WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks` })
    const receiver = start(tsx, [path.join(here, 'webhooks/server.ts')], {
      FANSHELF_WEBHOOK_SECRET: created.secret,
      PORT: String(port),
    })
    await outputContains(receiver.output, `Receiving Fanshelf webhooks at http://127.0.0.1:${port}/webhooks`)
    const ids = { WEBHOOK_CONFIGURATION_ID: created.id }
    const queued = json('http/send-test-event.sh', ids)
    await outputContains(receiver.output, `ORDER_PLACED ${queued.id} (test): order `, 30_000)
    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fanshelf-hmac-sha256': 'AAAA' },
      body: JSON.stringify({ id: 'weve_forged', type: 'DONATION', data: {} }),
    })
    expect(forged.status).toBe(401)
    json('http/replay-webhook-event.sh', { ...ids, WEBHOOK_EVENT_ID: queued.id })
    await outputContains(receiver.output, `duplicate ORDER_PLACED ${queued.id}: already handled`, 30_000)
    expect(receiver.output().split(`ORDER_PLACED ${queued.id} (test): order `)).toHaveLength(2)
  }, 120_000)

  /** The redirect URI the sample app (cli/app-create.sh) registered. */
  const callback = 'https://app.example.com/fanshelf/callback'

  /**
   * What the shop admin's browser does on the consent page: sign in, open the consent link (with a
   * PKCE challenge), approve. Answers the status of the approval and the code it redirects with.
   */
  async function consent(clientId: string, codeVerifier: string): Promise<{ status: number; location: URL }> {
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
  function failing(sample: string, extra: Record<string, string>): string {
    try {
      run(sample, extra)
    } catch (error) {
      return String((error as { stdout?: string }).stdout)
    }
    throw new Error(`${sample} succeeded`)
  }

  it('the OAuth samples: register an app locally, consent (303), exchange, call, refresh; the SDK app', async () => {
    const app = json('cli/app-create.sh')
    expect(app).toMatchObject({
      clientId: expect.stringMatching(/^app_/),
      clientSecret: expect.stringMatching(/^fscs_/),
      redirectUris: ['https://app.example.com/fanshelf/callback'],
      scopes: ['order_read', 'fulfillment_write', 'webhook_read', 'webhook_write'],
    })
    const client = { FANSHELF_CLIENT_ID: app.clientId, FANSHELF_CLIENT_SECRET: app.clientSecret }

    const codeVerifier = randomBytes(32).toString('base64url')
    const approved = await consent(app.clientId, codeVerifier)
    expect(approved.status).toBe(303)
    expect(approved.location.origin + approved.location.pathname).toBe('https://app.example.com/fanshelf/callback')
    expect(approved.location.searchParams.get('state')).toBe('4f1c9a7e')
    // RFC 9207: the redirect names the server that answered, as its metadata does.
    const metadata = await (await fetch(`${env.FANSHELF_ORIGIN}/.well-known/oauth-authorization-server`)).json()
    expect(approved.location.searchParams.get('iss')).toBe(metadata.issuer)
    const code = approved.location.searchParams.get('code') ?? ''
    expect(code).toMatch(/^fsac_/)

    const tokens = json('http/oauth-token.sh', {
      ...client,
      REDIRECT_URI: callback,
      CODE: code,
      CODE_VERIFIER: codeVerifier,
    })
    expect(tokens).toMatchObject({
      access_token: expect.stringMatching(/^fsat_/),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^fsrt_/),
      scope: 'order_read fulfillment_write webhook_read webhook_write',
    })
    expect(json('http/bearer-call.sh', { ACCESS_TOKEN: tokens.access_token })).toMatchObject({ size: 5 })

    const renewed = json('http/oauth-refresh.sh', { ...client, REFRESH_TOKEN: tokens.refresh_token })
    expect(renewed.refresh_token).toMatch(/^fsrt_/)
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token)
    expect(json('http/bearer-call.sh', { ACCESS_TOKEN: renewed.access_token }).results).toBeDefined()
    // The access token issued with the rotated refresh token ended with it.
    expect(JSON.parse(failing('http/bearer-call.sh', { ACCESS_TOKEN: tokens.access_token })).code).toBe('INVALID_TOKEN')
    const narrowed = json('http/oauth-refresh-scope.sh', { ...client, REFRESH_TOKEN: renewed.refresh_token })
    expect(narrowed.scope).toBe('order_read')
    expect(json('http/bearer-call.sh', { ACCESS_TOKEN: narrowed.access_token }).results).toBeDefined()
    // A used refresh token is treated as theft: 400 invalid_grant, and the whole grant is revoked.
    expect(failing('http/oauth-refresh.sh', { ...client, REFRESH_TOKEN: tokens.refresh_token })).toContain(
      'invalid_grant',
    )
    for (const revoked of [renewed.access_token, narrowed.access_token]) {
      expect(JSON.parse(failing('http/bearer-call.sh', { ACCESS_TOKEN: revoked })).code).toBe('INVALID_TOKEN')
    }

    // The SDK version: a second consent, exchanged and used by sdk/oauth-app.ts.
    const sdkVerifier = randomBytes(32).toString('base64url')
    const second = await consent(app.clientId, sdkVerifier)
    const output = runTs('sdk/oauth-app.ts', {
      ...client,
      CODE: second.location.searchParams.get('code') ?? '',
      CODE_VERIFIER: sdkVerifier,
    })
    expect(output.trim()).toMatch(
      /^Pixel Pines Merch: \d+ orders; granted: order_read fulfillment_write webhook_read webhook_write$/,
    )
    // A code is single use: presenting it again is refused, and revokes what it issued.
    const reused = {
      ...client,
      REDIRECT_URI: callback,
      CODE: second.location.searchParams.get('code') ?? '',
      CODE_VERIFIER: sdkVerifier,
    }
    expect(failing('http/oauth-token.sh', reused)).toContain('invalid_grant')
  }, 120_000)

  it('the gifting samples read and finish a draw that fanshelf trigger opened', () => {
    const opened = JSON.parse(
      execFileSync('npx', ['fanshelf', 'trigger', 'GIFT_DRAW_STARTED', '--json'], {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
      }),
    )
    const ids = { DRAW_ID: opened.details.drawId }
    const draw = json('http/get-draw.sh', ids)
    expect(draw).toMatchObject({ id: opened.details.drawId, finishedAt: null })
    const finished = json('http/finish-draw.sh', ids)
    expect(finished.finishedAt).not.toBeNull()
    const winners = finished.gifts.flatMap((gift: { winner: { redeemUri: string } | null }) =>
      gift.winner ? [gift.winner] : [],
    )
    expect(winners.length).toBeGreaterThan(0)
    for (const winner of winners) expect(winner.redeemUri).toMatch(new RegExp(`^${env.FANSHELF_ORIGIN}/gifts/gft_`))
    expect(JSON.parse(failing('http/finish-draw.sh', ids))).toMatchObject({ code: 'GIVEAWAY_DRAW_ALREADY_FINISHED' })
  }, 120_000)

  it('the giveaway samples (beta) create a giveaway, finish it and hand the winner a working redeemUrl', async () => {
    const basic = `Basic ${Buffer.from(`${env.FANSHELF_API_USER}:${env.FANSHELF_API_PASSWORD}`).toString('base64')}`
    const page = (await (
      await fetch(`${env.FANSHELF_ORIGIN}/open-api/v1.0/products?size=100`, { headers: { authorization: basic } })
    ).json()) as { results: Array<{ id: string; state: { type: string }; access: { type: string } }> }
    const offer = page.results.find((p) => p.state.type === 'AVAILABLE' && p.access.type !== 'ARCHIVED')
    if (!offer) throw new Error('The demo shop has no product to give away')

    const created = json('http/create-giveaway.sh', { OFFER_ID: offer.id })
    expect(created).toMatchObject({ id: expect.stringMatching(/^giv_/), quantity: 1, offer: { id: offer.id } })
    const finished = json('http/finish-giveaway.sh', { GIVEAWAY_ID: created.id })
    expect(['mossy_mika', 'quietquill']).toContain(finished.winners[0].userName)
    expect(finished.redeemUrl).toBe(`${env.FANSHELF_ORIGIN}/gifts/${finished.winners[0].giftId}/redeem`)
    const redeemPage = await fetch(finished.redeemUrl)
    expect(redeemPage.status).toBe(200)
    expect(JSON.parse(failing('http/finish-giveaway.sh', { GIVEAWAY_ID: created.id }))).toMatchObject({
      code: 'GIVEAWAY_DRAW_ALREADY_FINISHED',
    })

    // A platform app granted giveaway_write; an empty participant list returns the prize to the shop.
    const app = JSON.parse(
      execFileSync(
        'npx',
        [
          'fanshelf',
          'app',
          'create',
          '--name',
          'Giveaway bot',
          '--redirect-uri',
          callback,
          '--scopes',
          'giveaway_write',
          '--json',
        ],
        { cwd: repoRoot, env, encoding: 'utf8' },
      ),
    )
    const codeVerifier = randomBytes(32).toString('base64url')
    const approved = await consent(app.clientId, codeVerifier)
    const tokens = json('http/oauth-token.sh', {
      FANSHELF_CLIENT_ID: app.clientId,
      FANSHELF_CLIENT_SECRET: app.clientSecret,
      REDIRECT_URI: callback,
      CODE: approved.location.searchParams.get('code') ?? '',
      CODE_VERIFIER: codeVerifier,
    })
    const second = json('http/create-giveaway.sh', { OFFER_ID: offer.id })
    const returned = json('http/finish-giveaway-bearer.sh', {
      GIVEAWAY_ID: second.id,
      ACCESS_TOKEN: tokens.access_token,
    })
    expect(returned).toMatchObject({ id: second.id, winners: [] })
    expect(returned).not.toHaveProperty('redeemUrl')
  }, 120_000)

  it('cli/listen.sh forwards what cli/trigger.sh causes, signed with the secret it prints, as the guide shows', async () => {
    requireBuiltSdk()
    const { verifyWebhook } = await import('@fanshelf/sdk')
    const forwarded: Array<{ headers: IncomingHttpHeaders; body: Buffer }> = []
    const target = createHttpServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        forwarded.push({ headers: request.headers, body: Buffer.concat(chunks) })
        response.writeHead(200).end('ok')
      })
    })
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
    const address = target.address()
    const forwardTo = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks`
    const listen = start('bash', [path.join(here, 'cli/listen.sh')], { FORWARD_TO: forwardTo })
    try {
      await outputContains(listen.output, 'Ready: trigger events with fanshelf trigger <EVENT_TYPE>.', 90_000)
      const secret = /secret {6}(whsec_\S+)/.exec(listen.output())?.[1] ?? ''

      const triggered = await runAsync('cli/trigger.sh')
      const placed = /→ \d+ deliver(?:y|ies): (.+)$/m.exec(triggered)?.[1]?.split(' ') ?? []
      const donation = JSON.parse(triggered.slice(triggered.indexOf('\n{') + 1))
      expect(donation).toMatchObject({ type: 'DONATION', shopId: env.SHOP_ID })
      const expected = [...placed, ...donation.events[0].deliveryIds]
      await expect
        .poll(() => expected.filter((id) => listen.output().includes(`${id} → ${forwardTo} answered 200`)).length, {
          timeout: 30_000,
        })
        .toBe(2)

      // Every forwarded delivery verifies with the printed secret: listen forwards the signature headers unchanged.
      const types = []
      for (const delivery of forwarded) types.push((await verifyWebhook(delivery.body, delivery.headers, secret)).type)
      expect(new Set(types), listen.output()).toEqual(new Set(['DONATION', 'ORDER_PLACED']))

      // The transcripts of the testing guide match real runs, up to ids, times, ports and latencies.
      expect(normalizeOutput(triggered)).toEqual(
        expect.arrayContaining(normalizeOutput(readFileSync(path.join(here, 'cli/trigger-output.txt'), 'utf8'))),
      )
      // Ctrl+C: the terminal sends SIGINT to the foreground process group (the sample runs in its own).
      process.kill(-(listen.child.pid as number), 'SIGINT')
      await outputContains(listen.output, 'Removed webhook configuration wcon_', 30_000)
      const { child } = listen
      const running = () => child.exitCode === null && child.signalCode === null
      await new Promise((resolve) => (running() ? child.once('exit', resolve) : resolve(0)))
      // It exits cleanly, or as a shell script stopped by Ctrl+C does (npx passes the interrupt on).
      expect([child.exitCode, child.signalCode]).toContainEqual(child.exitCode === 0 ? 0 : 'SIGINT')
      expect(normalizeOutput(listen.output())).toEqual(
        expect.arrayContaining(normalizeOutput(readFileSync(path.join(here, 'cli/listen-output.txt'), 'utf8'))),
      )
    } finally {
      target.close()
    }
  }, 240_000)

  /** The one-time link a `fanshelf shop` command printed. */
  const printedLink = (output: string) => /(http\S+\/admin\/set-password\?token=fsal_\S+)/.exec(output)?.[1] ?? ''

  it('cli/shop-create.sh creates a shop whose owner link opens on this server; cli/shop-list.sh lists it and prints a reset link', async () => {
    const created = run('cli/shop-create.sh')
    // The transcript of the guide matches a real run, up to the shop id, the token, the expiry and the port.
    expect(normalizeOutput(created)).toEqual(
      normalizeOutput(readFileSync(path.join(here, 'cli/shop-create-output.txt'), 'utf8')),
    )
    const ownerLink = printedLink(created)
    expect(ownerLink.startsWith(`${env.FANSHELF_ORIGIN}/admin/set-password?token=fsal_`)).toBe(true)
    const form = await fetch(ownerLink)
    expect(form.status).toBe(200)
    expect(await form.text()).toContain('name="password"')

    const listed = run('cli/shop-list.sh')
    expect(listed).toMatch(/^ID +NAME +DOMAIN +CURRENCY +OWNER +PEOPLE$/m)
    expect(listed).toMatch(/Cedar & Pine +shop\.cedarpine\.example +EUR +owner@cedarpine\.example +1$/m)
    expect(listed).toContain('Pixel Pines Merch')
    expect(listed).toContain('Password-reset link for owner@cedarpine.example (works once, until ')
    const resetLink = printedLink(listed.slice(listed.indexOf('Password-reset link')))
    expect(resetLink.startsWith(`${env.FANSHELF_ORIGIN}/admin/set-password?token=fsal_`)).toBe(true)
    expect(resetLink).not.toBe(ownerLink)
    expect((await fetch(resetLink)).status).toBe(200)
  }, 120_000)

  it('cli/backup.sh backs up the serving install; cli/restore.sh restores it into an empty one with the same shops and key', () => {
    const backups = path.join(work, 'backups')
    mkdirSync(backups, { recursive: true })
    const passphraseFile = path.join(work, 'backup-passphrase')
    writeFileSync(passphraseFile, 'a passphrase for the samples\n', { mode: 0o600 })
    /** The sample as the guide shows it, its two paths moved into this test's directory. */
    const script = (sample: string) =>
      readFileSync(path.join(here, sample), 'utf8')
        .replaceAll('/var/backups/fanshelf', backups)
        .replaceAll('/etc/fanshelf/backup-passphrase', passphraseFile)
    const shell = (code: string, extra: Record<string, string> = {}) =>
      execFileSync('bash', ['-c', code], { cwd: repoRoot, env: { ...env, ...extra }, encoding: 'utf8' })

    const backedUp = shell(script('cli/backup.sh'))
    expect(backedUp).toMatch(
      /^Backed up the SQLite database \(schema \S+: \d+ shops, \d+ orders\) and the secret key to \S+\.fsb \([\d.]+ k?M?B\), encrypted with the passphrase\.$/m,
    )
    const [written] = readdirSync(backups)
    expect(written).toMatch(/^fanshelf-\d{4}-\d\d-\d\d\.fsb$/)
    // The restore sample names one day's backup: this run's file goes under that name.
    const named = /restore (\S+\.fsb)/.exec(script('cli/restore.sh'))?.[1] ?? ''
    renameSync(path.join(backups, written as string), named)

    const target = path.join(work, 'restored')
    const restored = shell(script('cli/restore.sh'), { DATA_DIR: target })
    expect(restored).toMatch(/^Restored the SQLite database \(schema \S+: \d+ shops, \d+ orders\) backed up at /m)
    expect(restored).toContain(`The backup's secret key is now in ${path.join(target, 'secret.key')}.`)
    const key = (dataDir: string) => readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim()
    expect(key(target)).toBe(key(path.join(work, 'data')))
    const shops = (dataDir: string) =>
      JSON.parse(
        execFileSync('npx', ['fanshelf', 'shop', 'list', '--json'], {
          cwd: repoRoot,
          env: { ...env, DATA_DIR: dataDir },
          encoding: 'utf8',
        }),
      )
    expect(shops(target)).toEqual(shops(path.join(work, 'data')))
  }, 180_000)

  it('operate/prometheus.yml scrapes /metrics with the bearer token; the alerts and the guide name metrics the server exposes', async () => {
    const config = parseYaml(readFileSync(path.join(here, 'operate/prometheus.yml'), 'utf8'))
    const job = config.scrape_configs[0]
    expect(job).toMatchObject({ job_name: 'fanshelf', metrics_path: '/metrics', authorization: { type: 'Bearer' } })
    expect(job.authorization.credentials_file).toMatch(/^\/etc\/prometheus\//)
    expect(config.rule_files).toEqual(['fanshelf-alerts.yml'])

    // Some traffic first, so that the request series exist.
    const basic = `Basic ${Buffer.from(`${env.FANSHELF_API_USER}:${env.FANSHELF_API_PASSWORD}`).toString('base64')}`
    await fetch(`${env.FANSHELF_ORIGIN}/open-api/v1.0/shops/current`, { headers: { authorization: basic } })
    const url = `${env.FANSHELF_ORIGIN}${job.metrics_path}`
    expect((await fetch(url)).status).toBe(401)
    expect((await fetch(url, { headers: { authorization: 'Bearer not-the-metrics-token' } })).status).toBe(401)
    const scraped = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } })
    expect(scraped.status).toBe(200)
    const text = await scraped.text()
    const families = new Set([...text.matchAll(/^# TYPE (\S+) \S+$/gm)].map((match) => match[1] as string))
    const series = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'))
    // This server runs on SQLite: the PostgreSQL pool gauges are defined in the code, not exposed here.
    const metricsCode = readFileSync(path.join(repoRoot, 'apps/api/src/modules/metrics/metrics.service.ts'), 'utf8')
    const postgresOnly = ['fanshelf_db_pool_connections', 'fanshelf_db_pool_waiting_queries']
    for (const name of postgresOnly) expect(metricsCode).toContain(`name: '${name}'`)
    /** A histogram's series end in _bucket, _sum and _count. */
    const familyOf = (name: string) => (families.has(name) ? name : name.replace(/_(bucket|sum|count)$/, ''))
    const metricNames = (code: string) => [
      ...new Set([...code.matchAll(/\b(?:fanshelf|process|nodejs)_[a-z0-9_]+/g)].map((match) => match[0])),
    ]
    const unknown = (names: string[]) =>
      names.filter((name) => !families.has(familyOf(name)) && !postgresOnly.includes(name))

    const rules = parseYaml(readFileSync(path.join(here, 'operate/fanshelf-alerts.yml'), 'utf8')).groups.flatMap(
      (group: { rules: Array<{ alert: string; expr: string }> }) => group.rules,
    )
    for (const { alert, expr } of rules) {
      expect(unknown(metricNames(expr)), alert).toEqual([])
      // The labels an expression selects or groups by exist on its metric's series.
      const [first] = metricNames(expr)
      const labels = [
        ...[...expr.matchAll(/\{([^}]*)\}/g)].flatMap((match) =>
          [...(match[1] as string).matchAll(/([a-z_]+)\s*(?:=~|!~|!=|=)/g)].map((label) => label[1] as string),
        ),
        ...[...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap((match) => (match[1] as string).split(/,\s*/)),
      ].filter((label) => label !== 'job')
      if (first === undefined || postgresOnly.includes(first)) continue
      const ofFirst = series.filter((line) => line.startsWith(first))
      for (const label of labels)
        expect(
          ofFirst.some((line) => line.includes(`${label}="`)),
          `${alert}: ${label}`,
        ).toBe(true)
    }
    // The metrics the guide names, its table and its dashboard queries.
    const guide = readFileSync(path.join(here, '../docs/operate/running-fanshelf.mdx'), 'utf8')
    expect(metricNames(guide).length).toBeGreaterThan(12)
    expect(unknown(metricNames(guide))).toEqual([])
  }, 60_000)
})
