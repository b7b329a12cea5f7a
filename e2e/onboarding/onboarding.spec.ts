import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { fillCheckoutForm } from '../checkout/checkout-form.ts'
import { startFanshelf } from '../fanshelf-start.ts'
import {
  fanshelf,
  type Install,
  install,
  metricsToken,
  onPostgres,
  operatorEnv,
  origin,
  port,
  startServer,
  stopAndWait,
  stopRecordedServer,
  wipe,
} from './server.ts'

/**
 * An operator's first day with a shop that is not the demo (issue 22's acceptance), in order: each
 * step uses what the previous ones made, as the people involved would — the operator at a shell
 * (`fanshelf …` beside the server), the owner and a staff member in the browser, an outside storefront
 * and an integration over HTTP from Node, Prometheus at /metrics. Ends with backup → wipe → restore
 * and the same answers. Desktop width by default; the pages people reach from a link on their phone
 * (set a password, sign in) at 390 px.
 */

test.describe.configure({ mode: 'serial' })

/** The install of the global setup (read once the workers know it). */
let target: Install

const shop = { name: 'Cedar & Pine Outfitters', domain: 'shop.cedarpine.example', currency: 'EUR' }
const owner = { email: 'robin@cedarpine.example', name: 'Robin Cedar', password: 'owner-first-day-passphrase' }
const staff = { email: 'sam@cedarpine.example', password: 'staff-first-day-passphrase' }
const product = { name: 'Cedar Trail Shirt', slug: 'cedar-trail-shirt', price: 34.5, sku: 'CEDAR-SHIRT-M' }
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** What the walk learns on the way and checks again after the restore. */
const day = {
  setPasswordUrl: '',
  image: { url: '', transformedUrl: '', sha256: '' },
  storefrontToken: '',
  apiUser: { username: '', password: '' },
  orderId: '',
}

let ownerContext: BrowserContext
let ownerPage: Page
const pageProblems: string[] = []

/** Uncaught errors and console errors of a page fail the step (refused requests are expected answers). */
function watch(page: Page): Page {
  page.on('pageerror', (error) => pageProblems.push(`page error on ${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      pageProblems.push(`console error on ${page.url()}: ${message.text()}`)
    }
  })
  return page
}

async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...phone, baseURL: origin })
  return { context, page: watch(await context.newPage()) }
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  const { width, wide } = await page.evaluate(() => {
    // The innermost elements reaching past the screen's edge, to name the culprit.
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
    return { width: document.documentElement.scrollWidth, wide }
  })
  expect(width, `${page.url()} scrolls sideways at 390 px: ${wide.join(', ')}`).toBeLessThanOrEqual(390)
}

function sha256(bytes: Buffer | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function basic(user: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`
}

/** GET with a Host header of our choosing (Node's fetch cannot set Host): a request to the shop's domain. */
function getWithHost(pathname: string, host: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'GET', headers: { host } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

async function storefront(pathname: string, init: RequestInit = {}, base = origin): Promise<Response> {
  const separator = pathname.includes('?') ? '&' : '?'
  return fetch(`${base}/v1${pathname}${separator}storefront_token=${encodeURIComponent(day.storefrontToken)}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
}

interface StorefrontProduct {
  name: string
  slug: string
  images: { url: string; transformedUrl: string; width: number; height: number }[]
  variants: { id: string; sku: string; unitPrice: { value: number; currency: string } }[]
}

async function signInOnPhone(browser: Browser, who: { email: string; password: string }) {
  const { context, page } = await phonePage(browser)
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  await expectFitsPhone(page)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  return { context, page }
}

/** Prometheus text format: `name{label="value",…} number` lines, comments skipped. */
function parseExposition(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line)
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const label of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1] as string] = (label[2] as string).replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

test.beforeAll(async ({ browser }) => {
  target = install()
  ownerContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } })
  ownerPage = watch(await ownerContext.newPage())
})

test.afterAll(async () => {
  await ownerContext?.close()
})

test.afterEach(() => {
  const problems = pageProblems.splice(0)
  expect(problems).toEqual([])
})

test('1. the operator creates the shop and its owner with the CLI; shop list shows it', () => {
  const created = fanshelf(target, [
    'shop',
    'create',
    '--name',
    shop.name,
    '--domain',
    shop.domain,
    '--currency',
    shop.currency,
    '--owner-email',
    owner.email,
    '--owner-name',
    owner.name,
  ])
  expect(created.stderr).toBe('')
  expect(created.status).toBe(0)
  expect(created.stdout).toContain(`Created shop "${shop.name}"`)
  expect(created.stdout).toContain(`owner     ${owner.email} (SUPER_ADMIN, no password yet)`)
  // The link names the server's PUBLIC_URL (recorded in DATA_DIR/server.json), not the CLI's default.
  const link = /^ {2}(\S+\/admin\/set-password\?token=fsal_\S+)$/m.exec(created.stdout)?.[1]
  expect(link, created.stdout).toBeDefined()
  expect(link?.startsWith(`${origin}/admin/set-password?token=`)).toBe(true)
  day.setPasswordUrl = link as string

  const listed = fanshelf(target, ['shop', 'list'])
  expect(listed.status).toBe(0)
  const [header, ...rows] = listed.stdout.trimEnd().split('\n')
  expect(header).toMatch(/^ID\s+NAME\s+DOMAIN\s+CURRENCY\s+OWNER\s+PEOPLE$/)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatch(
    new RegExp(`^sh_\\S+\\s+${shop.name.replace('&', '\\&')}\\s+${shop.domain}\\s+EUR\\s+${owner.email}\\s+1$`),
  )
})

test('2. the owner opens the link, sets a password and is in the admin; the link works once', async () => {
  const page = ownerPage
  await page.goto(day.setPasswordUrl)
  await expect(page.getByRole('heading', { name: 'Set the password of your shop’s admin' })).toBeVisible()
  await expect(page.getByText(`${owner.email} · ${shop.name}`)).toBeVisible()
  // A slip is said on the page, and the link still works.
  await page.getByLabel('New password').fill(owner.password)
  await page.getByLabel('Repeat the password').fill(`${owner.password}!`)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('The two passwords differ. Enter the same password twice.')
  await page.getByLabel('New password').fill(owner.password)
  await page.getByLabel('Repeat the password').fill(owner.password)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()

  await expect(page).toHaveURL(`${origin}/admin/orders`)
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  await expect(page.locator('.topbar__shop')).toHaveText(shop.name)
  await expect(page.locator('.topbar__user')).toContainText('Super-admin')
  const sections = page.getByRole('navigation', { name: 'Sections' })
  for (const name of ['Orders', 'Products', 'People', 'Shop settings', 'Developer settings']) {
    await expect(sections.getByRole('link', { name })).toBeVisible()
  }

  // Used: the same link is dead, in any browser.
  const again = await fetch(day.setPasswordUrl)
  expect(again.status).toBe(410)
  expect(await again.text()).toContain('This link no longer works')
})

test('3. the owner uploads an image and creates a product with it in the product form', async () => {
  const page = ownerPage
  // A photo as a phone would send it: a JPEG-sized PNG with EXIF (camera, copyright) to be stripped.
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 34, g: 85, b: 51 } } })
    .composite([
      {
        input: await sharp({ create: { width: 200, height: 160, channels: 3, background: '#d9c7a3' } })
          .png()
          .toBuffer(),
        top: 120,
        left: 220,
      },
    ])
    .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Robin Cedar' } })
    .png()
    .toBuffer()
  expect((await sharp(png).metadata()).exif).toBeDefined()

  await page.goto('/admin/products/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
  // A new shop's library is empty: the form asks for an upload, and the upload joins the product.
  await expect(page.getByRole('heading', { name: 'Your media library is empty' })).toBeVisible()
  await page
    .getByLabel('Upload images')
    .setInputFiles({ name: 'cedar-trail-shirt.png', mimeType: 'image/png', buffer: png })
  await expect(page.getByText('cedar-trail-shirt.png: uploaded and added to the product.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Product images, in display order' }).getByRole('listitem')).toHaveCount(
    1,
  )
  // What the library now holds, through the admin's own API (the signed-in page's session).
  const library = await page.evaluate(async () => (await fetch('/admin/api/media')).json())
  expect(library.total).toBe(1)
  const uploaded = library.results[0]
  expect(uploaded).toMatchObject({ name: 'cedar-trail-shirt.png', mediaType: 'image/png', width: 640, height: 480 })
  expect(uploaded.url).toMatch(new RegExp(`^${origin}/media/files/[^/]+\\.png$`))
  day.image.url = uploaded.url
  day.image.transformedUrl = uploaded.transformedUrl

  await page.getByLabel('Name', { exact: true }).fill(product.name)
  await expect(page.getByLabel('Slug')).toHaveValue(product.slug)
  await page.getByLabel('Description', { exact: true }).fill('Brushed cotton, cut for the trail.')

  const variant = page.locator('details.variant').first()
  await variant.getByLabel('SKU').fill(product.sku)
  await variant.getByLabel('Price (EUR)', { exact: true }).fill(String(product.price))
  await variant.getByLabel('Weight', { exact: true }).fill('0.3')
  await variant.getByLabel('Length').fill('30')
  await variant.getByLabel('Width').fill('25')
  await variant.getByLabel('Height').fill('3')
  await variant.getByRole('radio', { name: 'Limited', exact: true }).check()
  await variant.getByLabel('In stock').fill('12')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Product created.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
})

test('4. the owner creates the storefront token in the developer settings', async () => {
  const page = ownerPage
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Developer settings' }).click()
  await page
    .getByRole('navigation', { name: 'Developer settings' })
    .getByRole('link', { name: 'Storefront API' })
    .click()
  await expect(page.getByRole('heading', { name: 'No storefront token' })).toBeVisible()
  await page.getByRole('button', { name: 'Create token' }).click()
  await expect(page.getByText('Token created.')).toBeVisible()
  day.storefrontToken = ((await page.getByTestId('storefront-token').textContent()) ?? '').trim()
  expect(day.storefrontToken).toMatch(/^ptkn_/)
})

test('5. the product is in the storefront API with its image, in the feed, and sells through the checkout', async ({
  browser,
}) => {
  const answer = await storefront(`/products/${product.slug}`)
  expect(answer.status).toBe(200)
  const listed = (await answer.json()) as StorefrontProduct
  expect(listed).toMatchObject({ name: product.name, slug: product.slug })
  expect(listed.images).toEqual([
    expect.objectContaining({ url: day.image.url, transformedUrl: day.image.transformedUrl, width: 640, height: 480 }),
  ])
  expect(listed.variants[0]?.unitPrice).toEqual({ value: product.price, currency: 'EUR' })
  const collection = (await (await storefront('/collections/all/products')).json()) as { results: { slug: string }[] }
  expect(collection.results.map((p) => p.slug)).toEqual([product.slug])

  // The image, as a browser or CDN fetches it: a PNG without the EXIF it was uploaded with.
  const image = await fetch(day.image.url)
  expect(image.status).toBe(200)
  expect(image.headers.get('content-type')).toBe('image/png')
  expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  const bytes = Buffer.from(await image.arrayBuffer())
  const served = await sharp(bytes).metadata()
  expect(served).toMatchObject({ format: 'png', width: 640, height: 480 })
  expect(served.exif).toBeUndefined()
  day.image.sha256 = sha256(bytes)
  const narrow = await fetch(day.image.transformedUrl)
  expect(narrow.status).toBe(200)
  expect((await sharp(Buffer.from(await narrow.arrayBuffer())).metadata()).width).toBeLessThan(640)

  if (onPostgres) {
    // The cluster: a second API node on the same database serves the same product and image bytes.
    const secondPort = port + 1
    const second: ChildProcess = await startFanshelf({
      origin: `http://127.0.0.1:${secondPort}`,
      dataDir: path.join(target.workDir, 'data-node-2'),
      env: {
        ...operatorEnv(target),
        DATA_DIR: path.join(target.workDir, 'data-node-2'),
        PORT: String(secondPort),
        SECRET_KEY: fs.readFileSync(path.join(target.dataDir, 'secret.key'), 'utf8').trim(),
      },
      demo: false,
    })
    try {
      const node2 = `http://127.0.0.1:${secondPort}`
      const viaNode2 = await storefront(`/products/${product.slug}`, {}, node2)
      expect(viaNode2.status).toBe(200)
      expect(((await viaNode2.json()) as StorefrontProduct).images[0]?.url).toBe(day.image.url)
      const imageViaNode2 = await fetch(day.image.url.replace(origin, node2))
      expect(imageViaNode2.status).toBe(200)
      expect(sha256(Buffer.from(await imageViaNode2.arrayBuffer()))).toBe(day.image.sha256)
    } finally {
      await stopAndWait(second.pid)
    }
  }

  // The product feed of the shop's domain (the Host a merchant centre fetches it with).
  const feed = await getWithHost('/.well-known/merchant-center/rss.xml', shop.domain)
  expect(feed.status).toBe(200)
  expect(feed.type).toMatch(/xml/)
  expect(feed.body).toContain(`<title>${shop.name.replace('&', '&amp;')}</title>`)
  expect(feed.body).toContain(product.name)
  expect(feed.body).toContain(day.image.url)
  expect(feed.body).toContain(product.sku)
  expect((await getWithHost('/.well-known/merchant-center/rss.xml', 'no-such-shop.example')).status).toBe(404)

  // A cart from an outside storefront, then the hosted checkout in a shopper's browser, paid with the test card.
  const shopAnswer = (await (await storefront('/shop')).json()) as {
    name: string
    checkoutUrl: string
    currency: string
  }
  expect(shopAnswer).toMatchObject({ name: shop.name, currency: 'EUR' })
  const cartAnswer = await storefront('/carts?currency=EUR', {
    method: 'POST',
    body: JSON.stringify({ items: [{ variantId: listed.variants[0]?.id, quantity: 2 }] }),
  })
  expect(cartAnswer.status, await cartAnswer.clone().text()).toBe(200)
  const cart = (await cartAnswer.json()) as { id: string }
  const shopper = await browser.newContext({ baseURL: origin, locale: 'en-US' })
  try {
    const page = watch(await shopper.newPage())
    await page.goto(`${shopAnswer.checkoutUrl}?cartCurrency=EUR&cartId=${cart.id}`)
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
    const summary = page.getByRole('region', { name: 'Order summary' })
    await expect(summary).toContainText(product.name)
    await expect(page.getByText(shop.name).first()).toBeVisible()
    await fillCheckoutForm(page, 'first.customer@example.com', '4242 4242 4242 4242')
    await page.getByRole('button', { name: /^Pay / }).click()
    await expect(page).toHaveURL(/\/checkout\/orders\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
    day.orderId = page.url().split('/').pop() as string
  } finally {
    await shopper.close()
  }
  const after = (await (await storefront(`/products/${product.slug}`)).json()) as {
    variants: { stock: { type: string; inStock?: number } }[]
  }
  expect(after.variants[0]?.stock).toEqual({ type: 'LIMITED', inStock: 10 })
})

test('6. the owner invites staff; staff accept on their phone and sign in with STAFF rights', async ({ browser }) => {
  const page = ownerPage
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'People' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible()
  await page.getByLabel('Email').fill(staff.email)
  await page.getByLabel('Role').selectOption('STAFF')
  await page.getByRole('button', { name: 'Invite' }).click()
  // No SMTP_URL: the link is shown once, to pass on.
  await expect(page.getByRole('heading', { name: `Invitation for ${staff.email}` })).toBeVisible()
  await expect(page.getByText('This server sends no mail')).toBeVisible()
  const invitation = ((await page.getByTestId('invitation-url').textContent()) ?? '').trim()
  expect(invitation.startsWith(`${origin}/admin/set-password?token=fsal_`)).toBe(true)
  const row = page.getByRole('row', { name: new RegExp(staff.email) })
  await expect(row).toContainText('Invited')

  const { context, page: staffPage } = await phonePage(browser)
  try {
    await staffPage.goto(invitation)
    await expect(staffPage.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible()
    await expect(staffPage.getByText(`${staff.email} · ${shop.name}`)).toBeVisible()
    await expectFitsPhone(staffPage)
    await staffPage.getByLabel('New password').fill(staff.password)
    await staffPage.getByLabel('Repeat the password').fill(staff.password)
    await staffPage.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(staffPage).toHaveURL(`${origin}/admin/orders`)
    await expect(staffPage.locator('.topbar__user')).toContainText('Staff')
    await expectFitsPhone(staffPage)
    const sections = staffPage.getByRole('navigation', { name: 'Sections' })
    await expect(sections.getByRole('link', { name: 'Products' })).toBeVisible()
    await expect(sections.getByRole('link', { name: 'People' })).toHaveCount(0)
    await expect(sections.getByRole('link', { name: 'Developer settings' })).toHaveCount(0)
    // By address, too: the developer settings say who may, and the backend refuses.
    await staffPage.goto('/admin/developer/api-users')
    await expect(
      staffPage.getByRole('heading', { name: 'Only a super-admin can manage developer settings' }),
    ).toBeVisible()
    const refused = await staffPage.evaluate(async () => (await fetch('/admin/api/people')).status)
    expect(refused).toBe(403)
    // What staff are for: the catalogue.
    await staffPage.goto('/admin/products')
    await expect(staffPage.getByRole('link', { name: product.name })).toBeVisible()
  } finally {
    await context.close()
  }

  await page.reload()
  await expect(page.getByRole('row', { name: new RegExp(staff.email) })).toContainText('Active')
})

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
