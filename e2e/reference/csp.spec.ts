import type { Page, Response } from '@playwright/test'
import { watchContentSecurityPolicy } from '../csp.ts'
import { expect, test } from './fixtures.ts'
import { demoShop } from './server.ts'

// The docs site as the server sends it (decision 0013): every page runs under a
// Content-Security-Policy whose scripts are this origin plus the page's own inline scripts by
// hash — and nothing a reader does on these pages trips it.

async function open(page: Page, route: string): Promise<Response> {
  const response = await page.goto(route)
  if (!response) throw new Error(`no response for ${route}`)
  await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' })
  return response
}

/** Diagrams show once scrolled near: pre-rendered SVG images (decision 0020), loaded from this origin. */
async function diagramRendered(page: Page): Promise<void> {
  const diagram = page.locator('.fanshelf-diagram').first()
  await diagram.scrollIntoViewIfNeeded()
  const image = diagram.locator('.docusaurus-mermaid-container img:visible').first()
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
}

function scriptSources(response: Response): string[] {
  const policy = response.headers()['content-security-policy'] ?? ''
  const directive = policy.split(';').find((part) => part.trim().startsWith('script-src ')) ?? ''
  return directive.trim().split(/\s+/).slice(1)
}

test('guides with diagrams, the home page and a client-side move to the reference pass the policy', async ({
  page,
  problems,
}) => {
  const csp = await watchContentSecurityPolicy(page)
  const home = await open(page, '/')
  expect(scriptSources(home)).toContain("'self'")
  expect(scriptSources(home)).not.toContain("'unsafe-inline'")
  expect(scriptSources(home).some((source) => source.startsWith("'sha256-"))).toBe(true)

  await open(page, '/platform-apps/')
  await diagramRendered(page)

  await open(page, '/storefront/checkout/')
  await diagramRendered(page)
  // The colour-mode switch (an inline script wrote the first theme) still works under the policy.
  await page
    .getByRole('button', { name: /dark and light mode|Switch between/i })
    .first()
    .click()

  // In-app navigation renders the reference page (and its inline script) without a page load.
  await page.locator('.navbar a[href="/open-api/"]').first().click()
  await expect(page.locator('section[data-op="listOrders"]')).toBeVisible()
  expect(csp.violations).toEqual([])
  expect(problems).toEqual([])
})

test('the reference page and its try-it console pass the policy, a real request included', async ({
  page,
  problems,
}) => {
  const csp = await watchContentSecurityPolicy(page)
  const shop = demoShop()
  const response = await open(page, '/open-api/?lang=python#operation/getCurrentShop')
  expect(scriptSources(response).filter((source) => source.startsWith("'sha256-")).length).toBeGreaterThan(1)
  await page.locator('[data-op="getCurrentShop"] .fsr-try').click()
  const console = page.locator('[data-op="getCurrentShop"] .fsr-console')
  await console.getByLabel('Username').fill(shop.apiUser.username)
  await console.getByLabel('Password').fill(shop.apiUser.password)
  await console.getByRole('button', { name: 'Send request' }).click()
  await expect(console.getByTestId('try-it-response')).toContainText('200')
  expect(csp.violations).toEqual([])
  expect(problems).toEqual([])
})

test('search passes the policy (its index is fetched from this origin)', async ({ page, problems }) => {
  const csp = await watchContentSecurityPolicy(page)
  await open(page, '/search/?q=webhook')
  await expect(page.locator('#__docusaurus_skipToContent_fallback a[href^="/webhooks/"]').first()).toBeVisible()
  const input = page.locator('input.navbar__search-input')
  await input.pressSequentially('retry', { delay: 20 })
  await expect(page.getByRole('option').first()).toBeVisible()
  expect(csp.violations).toEqual([])
  expect(problems).toEqual([])
})
