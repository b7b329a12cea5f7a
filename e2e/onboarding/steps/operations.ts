import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import {
  basic,
  day,
  expectFitsPhone,
  getWithHost,
  owner,
  ownerPage,
  parseExposition,
  product,
  type StorefrontProduct,
  sha256,
  shop,
  signInOnPhone,
  storefront,
  target,
} from '../first-day.ts'
import { fanshelf, metricsToken, onPostgres, origin, startServer, stopRecordedServer, wipe } from '../server.ts'

/**
 * Steps 7–9: an integration's first call, Prometheus at /metrics, and backup → wipe → restore with the
 * same answers. (Steps of onboarding.spec.ts, in order.)
 */
export function operationsSteps(): void {
  test('7. the owner creates an API user; the integration’s first open API call answers', async () => {
    const page = ownerPage
    await page.goto('/admin/developer/api-users')
    await page.getByLabel('Label (optional)').fill('erp')
    await page.getByRole('button', { name: 'Create API user' }).click()
    await expect(page.getByRole('heading', { name: 'Save these credentials now' })).toBeVisible()
    day.apiUser.username = ((await page.locator('dl.credentials dd code').first().textContent()) ?? '').trim()
    day.apiUser.password = ((await page.getByTestId('created-password').textContent()) ?? '').trim()
    expect(day.apiUser.username).toMatch(/erp/)
    expect(day.apiUser.password.length).toBeGreaterThan(16)

    const products = await fetch(`${origin}/open-api/v1.0/products`, { headers: { authorization: basic(day.apiUser) } })
    expect(products.status).toBe(200)
    const page1 = (await products.json()) as { total: number; results: { name: string; images: { url: string }[] }[] }
    expect(page1.total).toBe(1)
    expect(page1.results[0]).toMatchObject({
      name: product.name,
      images: [expect.objectContaining({ url: day.image.url })],
    })
    const order = await fetch(`${origin}/open-api/v1.0/order/${day.orderId}`, {
      headers: { authorization: basic(day.apiUser) },
    })
    expect(order.status).toBe(200)
    expect(await order.json()).toMatchObject({
      id: day.orderId,
      email: 'first.customer@example.com',
      status: 'CONFIRMED',
    })
    const wrong = await fetch(`${origin}/open-api/v1.0/products`, {
      headers: { authorization: basic({ username: day.apiUser.username, password: 'not-the-password' }) },
    })
    expect(wrong.status).toBe(401)
  })

  test('8. Prometheus scrapes /metrics with the token: the day’s operations are counted', async () => {
    const refused = await fetch(`${origin}/metrics`)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="Fanshelf metrics"')
    const scrape = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    expect(scrape.status).toBe(200)
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const samples = parseExposition(await scrape.text())
    const requests = (operation: string, status: string, method = 'GET') =>
      samples
        .filter((s) => s.name === 'fanshelf_http_requests_total')
        .filter((s) => s.labels.operation === operation && s.labels.status === status && s.labels.method === method)
        .reduce((sum, s) => sum + s.value, 0)
    expect(requests('getStorefrontProduct', '200')).toBeGreaterThanOrEqual(2)
    expect(requests('createCart', '200', 'POST')).toBe(1)
    expect(requests('listProducts', '200')).toBe(1)
    expect(requests('listProducts', '401')).toBe(1)
    // Admin routes are labelled with their route pattern.
    expect(requests('/admin/api/media', '201', 'POST')).toBe(1)
    expect(requests('/admin/api/people', '403')).toBe(1)
    const durations = samples.filter(
      (s) =>
        s.name === 'fanshelf_http_request_duration_seconds_count' &&
        s.labels.operation === 'listProducts' &&
        s.labels.status_class === '2xx',
    )
    expect(durations.map((s) => s.value)).toEqual([1])
    expect(samples.find((s) => s.name === 'fanshelf_database_up')?.value).toBe(1)
    expect(samples.find((s) => s.name === 'process_resident_memory_bytes')?.value).toBeGreaterThan(0)
    if (onPostgres) {
      expect(
        samples.find((s) => s.name === 'fanshelf_db_pool_connections' && s.labels.state === 'max')?.value,
      ).toBeGreaterThan(0)
    }
  })

  test('9. backup while serving → stop → wipe → restore → start: the same answers', async ({ browser }) => {
    const backupFile = path.join(target.workDir, 'cedar-and-pine.fsb')
    const passphraseFile = path.join(target.workDir, 'backup-passphrase')
    fs.writeFileSync(passphraseFile, 'correct horse battery staple\n', { mode: 0o600 })

    const backup = fanshelf(target, ['backup', backupFile, '--passphrase-file', passphraseFile])
    expect(backup.stderr).toBe('')
    expect(backup.status).toBe(0)
    expect(backup.stdout).toMatch(/^Backed up .* and the secret key to .*, encrypted with the passphrase\.$/m)

    await stopRecordedServer(target)
    await wipe(target)
    expect(fs.existsSync(target.dataDir)).toBe(false)

    const restore = fanshelf(target, ['restore', backupFile, '--passphrase-file', passphraseFile])
    expect(restore.stderr).toBe('')
    expect(restore.status, restore.stdout).toBe(0)
    expect(fs.existsSync(path.join(target.dataDir, 'secret.key'))).toBe(true)
    const listed = fanshelf(target, ['shop', 'list', '--json'])
    expect(listed.status).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        name: shop.name,
        domain: shop.domain,
        currency: 'EUR',
        ownerEmail: owner.email,
        people: 2,
      }),
    ])

    await startServer(target, { keepDataDir: true })

    const answer = await storefront(`/products/${product.slug}`)
    expect(answer.status).toBe(200)
    const restored = (await answer.json()) as StorefrontProduct & { variants: { stock: unknown }[] }
    expect(restored.images[0]?.url).toBe(day.image.url)
    expect(restored.variants[0]?.stock).toEqual({ type: 'LIMITED', inStock: 10 })
    const image = await fetch(day.image.url)
    expect(image.status).toBe(200)
    expect(sha256(Buffer.from(await image.arrayBuffer()))).toBe(day.image.sha256)

    // The API user's password digest is keyed with the restored secret key.
    const products = await fetch(`${origin}/open-api/v1.0/products`, { headers: { authorization: basic(day.apiUser) } })
    expect(products.status).toBe(200)
    expect(((await products.json()) as { total: number }).total).toBe(1)
    const order = await fetch(`${origin}/open-api/v1.0/order/${day.orderId}`, {
      headers: { authorization: basic(day.apiUser) },
    })
    expect(order.status).toBe(200)

    const feed = await getWithHost('/.well-known/merchant-center/rss.xml', shop.domain)
    expect(feed.status).toBe(200)
    expect(feed.body).toContain(day.image.url)

    // The owner signs in again, on their phone.
    const { context, page } = await signInOnPhone(browser, owner)
    try {
      await expect(page.locator('.topbar__shop')).toHaveText(shop.name)
      await expectFitsPhone(page)
      await page.goto('/admin/products')
      await expect(page.getByRole('link', { name: product.name })).toBeVisible()
    } finally {
      await context.close()
    }
  })
}
