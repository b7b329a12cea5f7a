import { expect, test } from './fixtures.ts'
import { origin } from './server.ts'

test('the language choice is shared, persisted and reflected in ?lang=', async ({ page, problems }) => {
  await page.goto('/open-api/#operation/listOrders')
  const op = page.locator('[data-op="listOrders"]')
  await expect(op.locator('.fsr-sample[data-lang="curl"]')).toBeVisible()
  await expect(op.locator('.fsr-sample[data-lang="python"]')).toBeHidden()

  await op.locator('.fsr-langs').getByRole('button', { name: 'Python' }).click()
  await expect(op.locator('.fsr-sample[data-lang="python"]')).toBeVisible()
  await expect(op.locator('.fsr-sample[data-lang="curl"]')).toBeHidden()
  await expect(page).toHaveURL(/[?&]lang=python(#|&|$)/)
  await expect(page).toHaveURL(/#operation\/listOrders$/)
  // Every operation follows.
  await expect(page.locator('[data-op="getOrder"] .fsr-langs [data-lang="python"]')).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // Another reference page, fresh load, no query: the stored choice applies before paint.
  await page.goto('/storefront-api/')
  await expect(page.locator('html')).toHaveAttribute('data-code-language', 'python')
  await expect(page.locator('[data-op="getStorefrontShop"] .fsr-sample[data-lang="python"]')).toBeVisible()

  // Client-side navigation to another reference page keeps it too.
  await page.locator('.navbar').getByRole('link', { name: 'Open API Docs' }).click()
  await expect(page.locator('[data-op="listOrders"] .fsr-sample[data-lang="python"]')).toBeVisible()

  // A ?lang= link wins and is remembered.
  await page.goto('/open-api-beta/?lang=go')
  await expect(page.locator('[data-op="listMembers"] .fsr-sample[data-lang="go"]')).toBeVisible()
  await page.goto('/open-api/')
  await expect(page.locator('html')).toHaveAttribute('data-code-language', 'go')

  // Stored where Docusaurus <Tabs groupId="code-language"> keeps its choice (namespaced key).
  const stored = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('docusaurus.tab.code-language'))
      .map((key) => localStorage.getItem(key)),
  )
  expect(stored).toEqual(['go'])
  expect(problems).toEqual([])
})

test('copy buttons copy the sample', async ({ page, context, problems }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/open-api/#operation/getCurrentShop')
  const sample = page.locator('[data-op="getCurrentShop"] .fsr-sample[data-lang="curl"]')
  await sample.getByRole('button', { name: /Copy/ }).click()
  await expect(sample.getByRole('button', { name: /Copy/ })).toHaveText('Copied')
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  // The sample calls the server that serves the page (decision 0032), not the production host.
  expect(copied).toContain(`curl '${origin}/open-api/v1.0/shops/current'`)
  expect(problems).toEqual([])
})
