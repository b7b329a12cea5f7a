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

test.describe('samples in the other languages come from the page samples file', () => {
  test('switching to Python shows the Python sample of every operation, fetched once', async ({ page, problems }) => {
    const fetched: string[] = []
    page.on('request', (request) => {
      if (/\/open-api\/samples-[0-9a-f]+\.json$/.test(request.url())) fetched.push(request.url())
    })
    await page.goto('/open-api/#operation/listOrders')
    const op = page.locator('[data-op="listOrders"]')
    // The page itself carries the default language only.
    await expect(op.locator('.fsr-sample')).toHaveCount(1)
    await expect(page.locator('.fsr-nojs')).toBeHidden()
    expect(fetched).toEqual([])

    await op.locator('.fsr-langs').getByRole('button', { name: 'Python' }).click()
    const python = op.locator('.fsr-sample[data-lang="python"]')
    await expect(python).toBeVisible()
    await expect(python.locator('pre')).toContainText('requests.get(')
    await expect(python.locator('pre')).toContainText('/open-api/v1.0/order')
    await expect(page.locator('[data-op="getOrder"] .fsr-sample[data-lang="python"] pre')).toContainText(
      'requests.get(',
    )
    await page.locator('[data-op="getOrder"] .fsr-langs').getByRole('button', { name: 'Go' }).click()
    await expect(op.locator('.fsr-sample[data-lang="go"] pre')).toContainText('package main')
    await op.locator('.fsr-langs').getByRole('button', { name: 'cURL' }).click()
    await expect(op.locator('.fsr-sample[data-lang="curl"]')).toBeVisible()
    await expect(op.locator('.fsr-sample[data-lang="go"]')).toBeHidden()
    expect(fetched).toHaveLength(1)
    expect(problems).toEqual([])
  })

  test('a stored choice of another language shows its sample once the page has loaded', async ({ page, problems }) => {
    await page.goto('/storefront-api/?lang=ruby')
    await page.goto('/open-api/#operation/getCurrentShop')
    const ruby = page.locator('[data-op="getCurrentShop"] .fsr-sample[data-lang="ruby"]')
    await expect(ruby).toBeVisible()
    await expect(ruby.locator('pre')).toContainText('Net::HTTP')
    await expect(page.locator('[data-op="getCurrentShop"] .fsr-sample[data-lang="curl"]')).toBeHidden()
    await expect(page.locator('.fsr-state')).toHaveCount(0)
    expect(problems).toEqual([])
  })

  test('while the file loads each block says so; if it fails, an error with "Try again"', async ({
    page,
    problems,
  }) => {
    let answer: 'slow' | 'fail' | 'serve' = 'slow'
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/open-api\/samples-[0-9a-f]+\.json$/, async (route) => {
      if (answer === 'slow') {
        await released
        await route.fulfill({ status: 503, body: 'unavailable' })
      } else if (answer === 'fail') await route.fulfill({ status: 503, body: 'unavailable' })
      else await route.continue()
    })
    await page.goto('/open-api/#operation/listOrders')
    const op = page.locator('[data-op="listOrders"]')
    await op.locator('.fsr-langs').getByRole('button', { name: 'Java', exact: true }).click()
    await expect(op.getByText('Loading the Java sample…')).toBeVisible()
    await expect(op.locator('.fsr-samples')).toHaveAttribute('aria-busy', 'true')
    await expect(op.locator('.fsr-sample[data-lang="curl"]')).toBeHidden()

    answer = 'fail'
    release()
    await expect(op.getByText('The Java sample could not be loaded.')).toBeVisible()
    await op.getByRole('button', { name: 'Try again' }).click()
    await expect(op.getByText('The Java sample could not be loaded.')).toBeVisible()

    answer = 'serve'
    await op.getByRole('button', { name: 'Try again' }).click()
    await expect(op.locator('.fsr-sample[data-lang="java"] pre')).toContainText('HttpClient')
    await expect(op.locator('.fsr-state')).toHaveCount(0)
    await expect(page.locator('[data-op="getOrder"] .fsr-sample[data-lang="java"]')).toHaveCount(1)
    // The two refused answers are the browser's console errors this test provoked.
    const refused = problems.filter((problem) => /status of 503/.test(problem))
    expect(refused).toHaveLength(2)
    problems.splice(0, problems.length, ...problems.filter((problem) => !refused.includes(problem)))
  })
})
