import { expect, test } from './fixtures.ts'
import { demoShop } from './server.ts'

test('the console is not part of the initial JavaScript and loads on demand', async ({ page, problems }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/open-api/#operation/getCurrentShop')
  await page.waitForLoadState('networkidle')
  const before = scripts.length
  await page.locator('[data-op="getCurrentShop"] .fsr-try').click()
  await expect(page.getByRole('heading', { name: 'Try it: GET /shops/current' })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(before)
  expect(problems).toEqual([])
})

test('try it sends a real request with basic credentials and shows the answer', async ({ page, problems }) => {
  const shop = demoShop()
  await page.goto('/open-api/#operation/getCurrentShop')
  await page.locator('[data-op="getCurrentShop"] .fsr-try').click()
  const console = page.locator('[data-op="getCurrentShop"] .fsr-console')
  // On a local demo server the live values arrive a moment later and pre-fill the fields; type over
  // them once they have (typing before they arrive is covered by the console's own rule: what was
  // typed is never replaced).
  await expect(console.locator('section[data-reader-context="live"]')).toHaveCount(1)
  for (const [label, value] of [
    ['Username', shop.apiUser.username],
    ['Password', shop.apiUser.password],
  ] as const) {
    await console.getByLabel(label).clear()
    await console.getByLabel(label).fill(value)
  }
  await console.getByRole('button', { name: 'Send request' }).click()
  const response = console.getByTestId('try-it-response')
  await expect(response).toContainText('200')
  await expect(response).toContainText(shop.id)
  await expect(response).toContainText(/\d+ ms/)
  await response.getByText(/^Headers \(\d+\)$/).click()
  await expect(response).toContainText('request-id:')
  // The shown request masks the credentials.
  await expect(console).toContainText('GET /open-api/v1.0/shops/current')
  await expect(console).toContainText('Authorization: Basic ••••••••')
  await expect(console).not.toContainText(shop.apiUser.password)
  // Session storage only.
  const storage = await page.evaluate(() => ({
    local: JSON.stringify(localStorage),
    session: JSON.stringify(sessionStorage),
  }))
  expect(storage.local).not.toContain(shop.apiUser.password)
  expect(storage.session).toContain(shop.apiUser.password)
  expect(problems).toEqual([])
})

test('try it on the storefront API sends the storefront token in the query', async ({ page, problems }) => {
  const shop = demoShop()
  await page.goto('/storefront-api/#operation/getStorefrontShop')
  await page.locator('[data-op="getStorefrontShop"] .fsr-try').click()
  const console = page.locator('[data-op="getStorefrontShop"] .fsr-console')
  await console.getByLabel('Storefront token').fill(shop.storefrontToken)
  await console.getByRole('button', { name: 'Send request' }).click()
  const response = console.getByTestId('try-it-response')
  await expect(response).toContainText(/Response \d{3}/)
  await expect(console).toContainText('GET /v1/shop?storefront_token=••')
  await expect(console).not.toContainText(shop.storefrontToken)
  const text = (await response.textContent()) ?? ''
  if (!text.includes('Response 200')) {
    // The storefront API is still being built: until GET /v1/shop is served the server answers
    // ROUTE_NOT_FOUND. Anything else (a token error above all) is a failure.
    expect(text).toContain('ROUTE_NOT_FOUND')
    test.info().annotations.push({ type: 'pending server', description: 'GET /v1/shop is not served yet' })
    expect(problems.filter((problem) => !problem.includes('status of 404'))).toEqual([])
    problems.length = 0
  } else {
    await expect(response).toContainText(shop.id)
  }
})

test('an error answer is shown with its code', async ({ page, problems }) => {
  await page.goto('/open-api/#operation/getCurrentShop')
  await page.locator('[data-op="getCurrentShop"] .fsr-try').click()
  const console = page.locator('[data-op="getCurrentShop"] .fsr-console')
  await console.getByLabel('Username').fill('nobody')
  await console.getByLabel('Password').fill('wrong')
  await console.getByRole('button', { name: 'Send request' }).click()
  await expect(console.getByTestId('try-it-response')).toContainText('401')
  await expect(console.getByTestId('try-it-response')).toContainText('UNAUTHENTICATED')
  // The browser logs the 401 of the request we sent on purpose; nothing else.
  expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([])
  problems.length = 0
})

test('"Fill demo credentials" fills the local demo shop\'s API user, and the request succeeds', async ({
  page,
  problems,
}) => {
  const shop = demoShop()
  await page.goto('/open-api/#operation/getCurrentShop')
  const offered = page.waitForResponse((response) => response.url().endsWith('/admin/api/demo-credentials'))
  await page.locator('[data-op="getCurrentShop"] .fsr-try').click()
  expect((await offered).status()).toBe(200)
  const console = page.locator('[data-op="getCurrentShop"] .fsr-console')
  await console.getByRole('button', { name: 'Fill demo credentials' }).click()
  await expect(console.getByLabel('Username')).toHaveValue(shop.apiUser.username)
  await console.getByRole('button', { name: 'Send request' }).click()
  const response = console.getByTestId('try-it-response')
  await expect(response).toContainText('200')
  await expect(response).toContainText(shop.id)
  expect(problems).toEqual([])
})
