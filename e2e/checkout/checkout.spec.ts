import { expect, type Page, test } from '@playwright/test'
import { fillCheckoutForm } from './checkout-form.ts'
import { type RunningServer, startReceiver, startServer, type WebhookReceiver } from './server.ts'

/**
 * The storefront → checkout → order loop in real Chromium: a minimal headless storefront (a page
 * on another origin, calling the storefront API with the public token, as a static site would)
 * fills a cart and hands the shopper to the hosted checkout URL; the shopper pays with the test
 * card; the order is then read through the open API and arrives as ORDER_PLACED at a local
 * webhook receiver. A declined card leaves no order and no stock change.
 */

let server: RunningServer
let receiver: WebhookReceiver

test.beforeAll(async () => {
  server = await startServer()
  receiver = await startReceiver()
  const created = await openApi('/webhooks', {
    method: 'POST',
    body: JSON.stringify({ url: receiver.url, allowedTypes: ['ORDER_PLACED'] }),
  })
  expect(created.status, await created.clone().text()).toBeLessThan(300)
})

test.afterAll(async () => {
  server?.stop()
  await receiver?.close()
})

// No page may log an error (a hydration mismatch, a failed script); refused requests (402, 400) are
// expected answers, which Chromium also logs as failed resources.
const consoleErrors: string[] = []
test.beforeEach(({ page }) => {
  consoleErrors.length = 0
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      consoleErrors.push(message.text())
    }
  })
  page.on('pageerror', (error) => consoleErrors.push(error.message))
})
test.afterEach(() => {
  expect(consoleErrors).toEqual([])
})

function openApi(path: string, init: RequestInit = {}) {
  return fetch(`${server.origin}/open-api/v1.0${path}`, {
    ...init,
    headers: { authorization: server.authorization, 'content-type': 'application/json', ...init.headers },
  })
}

async function storefrontProduct(slug: string) {
  const response = await fetch(`${server.origin}/v1/products/${slug}?storefront_token=${server.demo.storefrontToken}`)
  expect(response.status).toBe(200)
  return (await response.json()) as {
    slug: string
    variants: { id: string; name: string; unitPrice: { value: number }; stock: { type: string; inStock?: number } }[]
  }
}

/** A headless storefront as a developer would write it: plain fetch calls to the storefront API. */
function storefrontPage(origin: string, token: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Headless shop</title></head>
<body><main>
  <h1>Headless shop</h1>
  <ul id="products"></ul>
  <p id="cart" role="status">Cart: empty</p>
  <a id="checkout" href="#">Checkout</a>
</main>
<script type="module">
  const api = ${JSON.stringify(`${origin}/v1`)}
  const token = ${JSON.stringify(token)}
  async function call(path, init) {
    const url = api + path + (path.includes('?') ? '&' : '?') + 'storefront_token=' + encodeURIComponent(token)
    const response = await fetch(url, init)
    if (!response.ok) throw new Error(path + ' answered ' + response.status)
    return response.json()
  }
  const post = (path, body) => call(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const shop = await call('/shop')
  const page = await call('/collections/all/products?size=100&currency=USD')
  let cart
  for (const product of page.results) {
    const variant = product.variants.find((v) => v.stock.type === 'UNLIMITED' || v.stock.inStock > 0)
    if (!variant) continue
    const item = document.createElement('li')
    const button = document.createElement('button')
    button.textContent = 'Add ' + product.name
    button.dataset.slug = product.slug
    button.addEventListener('click', async () => {
      const items = [{ variantId: variant.id, quantity: 1 }]
      cart = cart ? await post('/carts/' + cart.id + '/add?currency=USD', { items }) : await post('/carts?currency=USD', { items, metadata: { source: 'e2e_storefront' } })
      const units = cart.items.reduce((n, line) => n + line.quantity, 0)
      document.getElementById('cart').textContent = 'Cart: ' + units + ' item(s)'
      document.getElementById('checkout').href = shop.checkoutUrl + '?cartCurrency=USD&cartId=' + cart.id + '&utm_source=e2e&utm_campaign=checkout-suite'
    })
    item.append(button)
    document.getElementById('products').append(item)
  }
  document.body.dataset.ready = 'true'
</script></body></html>`
}

async function fillCart(page: Page, slugs: string[]) {
  await page.setContent(storefrontPage(server.origin, server.demo.storefrontToken))
  await expect(page.locator('body[data-ready="true"]')).toBeAttached()
  for (const [i, slug] of slugs.entries()) {
    await page.locator(`button[data-slug="${slug}"]`).click()
    await expect(page.locator('#cart')).toHaveText(`Cart: ${i + 1} item(s)`)
  }
  const href = await page.locator('#checkout').getAttribute('href')
  expect(href).toMatch(new RegExp(`^${server.origin}/checkout/\\?cartCurrency=USD&cartId=[0-9a-f-]{36}&utm_source=e2e`))
  await page.locator('#checkout').click()
  await expect(page).toHaveURL(/\/checkout\/\?cartCurrency=USD/)
  // Hydrated: the client bundle took over the server-rendered form.
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
}

async function fillDetails(page: Page, email: string, card: string) {
  await fillCheckoutForm(page, email, card)
  await expect(page.getByRole('group', { name: 'Shipping address' }).getByLabel('Country')).toHaveValue('US')
}

test('browse → cart → checkout with a code → confirmation → the order in the open API and at the webhook', async ({
  page,
}) => {
  const tee = await storefrontProduct('pixel-pines-logo-tee')
  const unit = tee.variants[0]!.unitPrice.value
  await fillCart(page, ['pixel-pines-logo-tee'])
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  await expect(page.getByText('Pixel Pines Logo Tee')).toBeVisible()

  await fillDetails(page, 'casey.e2e@example.com', '4242 4242 4242 4242')
  // California: 7.25 % tax; domestic shipping 5.99 for one unit. WINTER10 needs a $50 order: refused.
  await page.getByLabel('Discount code').fill('WINTER10')
  await page.getByRole('button', { name: 'Apply discount' }).click()
  await expect(page.locator('#f-promotionCode-error')).toHaveText('Code WINTER10 needs an order of at least $50.00.')
  await page.getByLabel('Discount code').fill('')
  await page.getByRole('button', { name: 'Apply discount' }).click()

  const tax = Math.round(unit * 100 * 0.0725) / 100
  const total = (Math.round(unit * 100) + 599 + Math.round(tax * 100)) / 100
  await expect(page.getByTestId('order-total')).toHaveText(`$${total.toFixed(2)}`)
  await page.getByRole('button', { name: `Pay $${total.toFixed(2)}` }).click()

  await expect(page).toHaveURL(/\/checkout\/orders\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
  const friendlyId = (await page.getByTestId('friendly-id').textContent())?.trim()
  expect(friendlyId).toMatch(/^[A-Z0-9]{8}$/)
  const orderId = page.url().split('/').pop()!

  const response = await openApi(`/order/${orderId}`)
  expect(response.status).toBe(200)
  const order = await response.json()
  expect(order).toMatchObject({
    id: orderId,
    friendlyId,
    status: 'CONFIRMED',
    email: 'casey.e2e@example.com',
    source: { type: 'ORDER' },
    amounts: {
      subtotal: { value: unit, currency: 'USD' },
      shipping: { value: 5.99, currency: 'USD' },
      tax: { value: tax, currency: 'USD' },
      discount: { value: 0, currency: 'USD' },
      total: { value: total, currency: 'USD' },
    },
    trackingParams: { utm_source: 'e2e', utm_campaign: 'checkout-suite' },
    shipping: { address: { city: 'San Francisco', state: 'CA', country: 'US', zip: '94105' } },
  })
  expect(order.offers).toHaveLength(1)

  await expect
    .poll(() => receiver.received.find((d) => d.body.type === 'ORDER_PLACED' && d.body.data.id === orderId), {
      timeout: 20_000,
    })
    .toBeTruthy()
  const delivery = receiver.received.find((d) => d.body.data.id === orderId)!
  expect(delivery.headers['x-fanshelf-hmac-sha256']).toBeTruthy()
  expect(delivery.body.data).toEqual(order)
})

test('a promotion code applies its discount and the order records it', async ({ page }) => {
  const tee = await storefrontProduct('pixel-pines-logo-tee')
  const camp = await storefrontProduct('campfire-crew-tee')
  const subtotal =
    Math.round(tee.variants[0]!.unitPrice.value * 100) + Math.round(camp.variants[0]!.unitPrice.value * 100)
  expect(subtotal).toBeGreaterThanOrEqual(5000)
  await fillCart(page, ['pixel-pines-logo-tee', 'campfire-crew-tee'])
  await fillDetails(page, 'winter.e2e@example.com', '4242 4242 4242 4242')
  await page.getByLabel('Discount code').fill('winter10')
  await page.getByRole('button', { name: 'Apply discount' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Applied' })).toHaveText(
    'Applied: WINTER10 — 10% off on orders of $50.00 or more',
  )
  const discount = Math.round(subtotal * 0.1)
  await expect(page.locator('.totals')).toContainText(`−$${(discount / 100).toFixed(2)}`)
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/checkout\/orders\//)
  const order = await (await openApi(`/order/${page.url().split('/').pop()}`)).json()
  expect(order.promotionId).toMatch(/^prm_/)
  expect(order.amounts.discount.value).toBe(discount / 100)
})

test('a euro cart opened by a German-speaking shopper: Germany first, every amount in euros, written 1,00 €', async ({
  browser,
}) => {
  const tee = await storefrontProduct('pixel-pines-logo-tee')
  const created = await fetch(
    `${server.origin}/v1/carts?currency=EUR&storefront_token=${server.demo.storefrontToken}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ variantId: tee.variants[0]!.id, quantity: 3 }] }),
    },
  )
  expect(created.status).toBe(200)
  const cart = (await created.json()) as { id: string }
  const context = await browser.newContext({ locale: 'de-DE' })
  const page = await context.newPage()
  page.on('pageerror', (error) => consoleErrors.push(error.message))
  await page.goto(`${server.origin}/checkout/?cartCurrency=EUR&cartId=${cart.id}`)
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await expect(shipping.getByLabel('Country')).toHaveValue('DE')
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(page.getByTestId('order-total')).toHaveText(/^\d+,\d{2}\s€$/)
  // No dollar amount anywhere: totals, the automatic promotion's terms, the pay button.
  await expect(summary).not.toContainText('$')
  await expect(page.getByRole('button', { name: /^Pay \d+,\d{2}\s€$/ })).toBeVisible()
  // A change of country re-prices in place, still in euros.
  const before = await page.getByTestId('order-total').textContent()
  await shipping.getByLabel('Country').selectOption('US')
  await expect(page.getByTestId('order-total')).not.toHaveText(before ?? '')
  await expect(page.getByTestId('order-total')).toHaveText(/^\d+,\d{2}\s€$/)
  await expect(summary).not.toContainText('$')
  await context.close()
})

test('a declined card leaves no order and no stock change, and says so', async ({ page }) => {
  // A product with a limited variant in stock, first in its variants.
  const listing = await (
    await fetch(`${server.origin}/v1/collections/all/products?size=100&storefront_token=${server.demo.storefrontToken}`)
  ).json()
  const limited = (
    listing.results as { slug: string; variants: { id: string; stock: { type: string; inStock?: number } }[] }[]
  ).find((p) => p.variants[0]?.stock.type === 'LIMITED' && (p.variants[0].stock.inStock ?? 0) > 1)!
  expect(limited).toBeDefined()
  const before = (await storefrontProduct(limited.slug)).variants[0]!.stock.inStock

  await fillCart(page, [limited.slug])
  await fillDetails(page, 'declined.e2e@example.com', '4000 0000 0000 0002')
  await page.getByRole('button', { name: /^Pay / }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('Your card was declined. No order was placed and nothing was charged.')
  await expect(alert).toBeFocused()
  await expect(page).toHaveURL(/\/checkout\/\?cartCurrency=USD/)

  const orders = await (await openApi('/order?email=declined.e2e%40example.com')).json()
  expect(orders.total).toBe(0)
  expect((await storefrontProduct(limited.slug)).variants[0]!.stock.inStock).toBe(before)

  // The same checkout then goes through with the test card that succeeds.
  await page.getByRole('group', { name: 'Payment' }).getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page).toHaveURL(/\/checkout\/orders\//)
  expect((await storefrontProduct(limited.slug)).variants[0]!.stock.inStock).toBe(before! - 1)
})

test('the checkout is labelled for assistive technology and fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await fillCart(page, ['pixel-pines-logo-tee'])
  const unlabelled = await page.locator('input:not([type=hidden]), select').evaluateAll((controls) =>
    controls
      .filter((c) => (c as HTMLElement).offsetParent !== null)
      .filter((c) => (c as HTMLInputElement).labels?.length === 0)
      .map((c) => (c as HTMLInputElement).name),
  )
  expect(unlabelled).toEqual([])
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible()
  // Submitting an empty form lists every problem and links each to its field.
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('alert')).toContainText('Enter an email address')
  await page
    .getByRole('alert')
    .getByRole('link', { name: /email address/ })
    .click()
  await expect(page.getByLabel('Email', { exact: true })).toBeFocused()
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true')
})

test('a giveaway link is redeemed once in the browser: an order with source GIVEAWAY_LINKS', async ({ page }) => {
  const tee = await (
    await fetch(`${server.origin}/v1/products/pixel-pines-logo-tee?storefront_token=${server.demo.storefrontToken}`)
  ).json()
  const created = await openApi('/giveaway-links', {
    method: 'POST',
    body: JSON.stringify({ productId: tee.id, number: 1 }),
  })
  expect(created.status).toBe(200)
  const [link] = (await created.json()).giveawayLinks as { id: string; link: string }[]
  await page.goto(link!.link)
  await expect(page.getByRole('heading', { name: 'Redeem your giveaway' })).toBeVisible()
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
  await page.getByLabel(tee.variants[1].name).check()
  await page.getByLabel('Email', { exact: true }).fill('lucky.e2e@example.com')
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await shipping.getByLabel('Full name').fill('Lucky Winner')
  await shipping.getByLabel('Street address').fill('1 Main St')
  await shipping.getByLabel('City').fill('Austin')
  await shipping.getByLabel('State / province').fill('TX')
  await shipping.getByLabel('Postal code').fill('78701')
  await shipping.getByLabel('Country').selectOption('US')
  await page.getByRole('button', { name: 'Redeem my gift' }).click()
  await expect(page).toHaveURL(/\/checkout\/orders\//)
  const order = await (await openApi(`/order/${page.url().split('/').pop()}`)).json()
  expect(order).toMatchObject({
    source: { type: 'GIVEAWAY_LINKS', giftId: link!.id },
    amounts: { total: { value: 0 } },
    offers: [{ variant: { id: tee.variants[1].id, quantity: 1 } }],
  })
  await page.goto(link!.link)
  await expect(page.getByText('This gift was already redeemed')).toBeVisible()
})
