import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyFanshelfSignature, verifyStandardWebhook } from './signature/verify.ts'

/**
 * The shell and JavaScript samples the guides show (apps/site/samples), run for real: every shell
 * sample passes `bash -n`, and the ones that only need the seeded demo shop run against a Fanshelf
 * started here (`fanshelf start` on a free port with its own data directory). The webhook receiver
 * sample is started and sent signed, tampered and duplicate deliveries.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../..')
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx')

function shellSamples(): string[] {
  return ['http', 'storefront'].flatMap((dir) =>
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

describe('the SDK samples parse as TypeScript', () => {
  // They run against @fanshelf/sdk once it exists (issue "SDK, CLI and examples"); until then they are
  // parsed with the TypeScript grammar so that what the guides show is at least valid code.
  const require = createRequire(import.meta.url)
  const treeSitter = require('@vscode/tree-sitter-wasm') as typeof import('@vscode/tree-sitter-wasm')
  const grammar = path.join(path.dirname(require.resolve('@vscode/tree-sitter-wasm')), 'tree-sitter-typescript.wasm')
  for (const file of readdirSync(path.join(here, 'sdk')).filter((name) => name.endsWith('.ts'))) {
    it(`sdk/${file}`, async () => {
      await treeSitter.Parser.init()
      const parser = new treeSitter.Parser()
      parser.setLanguage(await treeSitter.Language.load(grammar))
      const tree = parser.parse(readFileSync(path.join(here, 'sdk', file), 'utf8'))
      expect(tree?.rootNode.hasError).toBe(false)
    })
  }
})

describe('the JavaScript storefront client parses', () => {
  it('storefront/storefront-client.mjs', () => {
    execFileSync(process.execPath, ['--check', path.join(here, 'storefront/storefront-client.mjs')])
  })
})

describe('samples against a running Fanshelf', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'fanshelf-samples-'))
  let server: ChildProcess | undefined
  let env: NodeJS.ProcessEnv = {}
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
      shops: Array<{ id: string; apiUser: { username: string; password: string }; storefrontToken: string }>
    }
    const demo = credentials.shops[0]
    if (demo === undefined) throw new Error(`No demo shop in the credentials file. Server log:\n${log}`)
    env = {
      ...process.env,
      FANSHELF_ORIGIN: origin,
      FANSHELF_API: `${origin}/open-api/v1.0`,
      FANSHELF_STOREFRONT_API: `${origin}/v1`,
      FANSHELF_API_USER: demo.apiUser.username,
      FANSHELF_API_PASSWORD: demo.apiUser.password,
      FANSHELF_STOREFRONT_TOKEN: demo.storefrontToken,
      FANSHELF_SHOP_ID: demo.id,
    }
  }, 180_000)

  afterAll(() => {
    stop(server)
    rmSync(work, { recursive: true, force: true })
  })

  function run(sample: string, extra: Record<string, string> = {}): string {
    return execFileSync('bash', [path.join(here, sample)], { env: { ...env, ...extra }, encoding: 'utf8' })
  }

  // biome-ignore lint/suspicious/noExplicitAny: parsed answers of many shapes, each checked by the test that reads it.
  function json(sample: string, extra: Record<string, string> = {}): any {
    return JSON.parse(run(sample, extra))
  }

  it('http/first-call.sh answers the demo shop', () => {
    const shop = json('http/first-call.sh')
    expect(shop.id).toBe(env.FANSHELF_SHOP_ID)
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

  it('the cart samples create, add, change and remove as the guide says', () => {
    const product = json('storefront/product.sh')
    expect(product.slug).toBe('pixel-pines-logo-tee')
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
})

describe('webhooks/receiver.ts', () => {
  let receiver: ChildProcess | undefined
  let output = ''
  let url = ''
  const secret = '3f9c2a71-5e4b-4d8a-b6c0-91e2d7f4a853'

  beforeAll(async () => {
    const port = await freePort()
    url = `http://127.0.0.1:${port}/`
    receiver = spawn(tsx, [path.join(here, 'webhooks/receiver.ts')], {
      detached: true,
      env: { ...process.env, PORT: String(port), FANSHELF_WEBHOOK_SECRET: secret },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    receiver.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
    })
    await waitFor(url, 30_000)
  }, 60_000)

  afterAll(() => stop(receiver))

  function deliver(body: string, signature = createHmac('sha256', secret).update(body).digest('base64')) {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Fanshelf-Hmac-SHA256': signature },
      body,
    })
  }

  it('accepts a signed delivery, rejects a tampered one, and processes a duplicate once', async () => {
    const body = JSON.stringify({
      id: 'weve_receiverTest01',
      type: 'DONATION',
      testMode: false,
      shopId: 'sh_x',
      data: {},
    })
    expect((await deliver(body)).status).toBe(204)
    expect(
      (
        await deliver(
          body.replace('DONATION', 'ORDER_PLACED'),
          createHmac('sha256', secret).update(body).digest('base64'),
        )
      ).status,
    ).toBe(401)
    expect((await deliver(body)).status).toBe(204)
    await expect.poll(() => output).toContain('handled DONATION weve_receiverTest01')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(output.match(/handled DONATION weve_receiverTest01/g)).toHaveLength(1)
  })
})
