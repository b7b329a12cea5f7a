// The samples the guides show, run against a Fanshelf started here: curl, storefront, SDK and CLI
// samples, and the webhook samples with the receiver the guides quote.
import { execFileSync } from 'node:child_process'
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http'
import path from 'node:path'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { verifyFanshelfSignature, verifyStandardWebhook } from './signature/verify.ts'
import { env, json, run, runTs, setUpRunningFanshelf, start } from './testing/running-fanshelf.ts'
import { freePort, here, outputContains, requireBuiltSdk, tsx } from './testing/sample-runs.ts'

describe('samples against a running Fanshelf', () => {
  setUpRunningFanshelf()

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
      // http/list-webhook-events-after.sh pages on by cursor: after a newer event comes the first one.
      const newer = json('http/send-test-event.sh', ids)
      const after = json('http/list-webhook-events-after.sh', { ...ids, WEBHOOK_EVENT_ID: newer.id })
      const afterIds = after.results.map((event: { id: string }) => event.id)
      expect(afterIds).toContain(queued.id)
      expect(afterIds).not.toContain(newer.id)
      expect(typeof after.hasMore).toBe('boolean')
      expect(json('http/reenable-webhook.sh', ids)).toMatchObject({
        id: created.id,
        enabled: true,
        disabledReason: null,
      })
    } finally {
      receiver.close()
    }
  })

  it('ai/call-tool.sh calls an MCP tool over /mcp and gets the JSON the REST operation answers', async () => {
    const answer = json('ai/call-tool.sh')
    expect(answer).toMatchObject({ jsonrpc: '2.0', id: 1 })
    expect(answer.result.isError).toBeUndefined()
    const rest = await fetch(`${env.FANSHELF_ORIGIN}/open-api/v1.0/webhook-events?size=10`, {
      headers: { authorization: `Basic ${btoa(`${env.FANSHELF_API_USER}:${env.FANSHELF_API_PASSWORD}`)}` },
    })
    const page = await rest.json()
    expect(page.results.length).toBeGreaterThan(0)
    // The same page of the log: same events in the same order, same paging fields. A delivery's
    // state, attempts and times may move between the two reads (the worker is retrying the events
    // the webhook samples above queued to a receiver that is gone), so they are not compared.
    const stable = (answer: { results: Record<string, unknown>[] }) => ({
      ...answer,
      results: answer.results.map(({ id, type, webhookId, createdAt, body, url }) => ({
        id,
        type,
        webhookId,
        createdAt,
        body,
        url,
      })),
    })
    expect(stable(answer.result.structuredContent)).toEqual(stable(page))
    expect(stable(JSON.parse(answer.result.content[0].text))).toEqual(stable(page))
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
})
