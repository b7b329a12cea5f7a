import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, pages, test } from './fixtures.ts'
import { siteDir } from './server.ts'

test.describe('reference pages', () => {
  for (const { route, title, operation, schema } of pages) {
    test(`${route} renders complete and quietly`, async ({ page, problems }) => {
      await page.goto(route)
      await expect(page.locator('article h1')).toHaveText(title)
      await expect(page.locator(`[id="${operation}"]`)).toHaveCount(1)
      await expect(page.locator(`[id="${schema}"]`)).toHaveCount(1)
      // The hydrated page keeps its build-time content (no hydration mismatch, nothing re-rendered away).
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true')
      await expect(page.locator('.fsr-op').first()).toBeVisible()
      expect(problems).toEqual([])
    })
  }

  test('deep links scroll to the operation and the contents follow the reader', async ({ page, problems }) => {
    await page.goto('/open-api/#operation/getWebhookSecret')
    const heading = page.locator('[id="operation/getWebhookSecret"]')
    await expect(heading).toBeInViewport()
    await expect(page.locator('.fsr-nav a[href="#operation/getWebhookSecret"]')).toHaveAttribute(
      'aria-current',
      'location',
    )
    await expect(page.locator('[data-op="getWebhookSecret"] .fsr-b-dep')).toHaveText('Deprecated')
    expect(problems).toEqual([])
  })

  test('named schemas expand in place on demand', async ({ page, problems }) => {
    await page.goto('/open-api/#operation/getOrder')
    const details = page.locator('[data-op="getOrder"] .fsr-resp[open] details.fsr-lazy').first()
    await details.locator('summary').click()
    await expect(details.locator('.fsr-props').first()).toBeVisible()
    await expect(details.locator('[id]')).toHaveCount(0)
    expect(problems).toEqual([])
  })

  test('client-side navigation to a reference page fetches its content', async ({ page, problems }) => {
    await page.goto('/webhooks/')
    await page.locator('.navbar').getByRole('link', { name: 'Open API Docs' }).click()
    await expect(page).toHaveURL(/\/open-api\/$/)
    await expect(page.locator('article h1')).toHaveText('Fanshelf Open API')
    await expect(page.locator('[id="operation/listOrders"]')).toHaveCount(1)
    expect(problems).toEqual([])
  })

  test('mobile: contents are collapsed and open on demand', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await page.goto('/storefront-api/')
    const contents = page.locator('.fsr-navd')
    await expect(contents).not.toHaveAttribute('open', '')
    // Closing the contents after a jump is the page script's work: wait until it runs.
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true')
    await contents.locator(':scope > summary').click()
    await contents.getByRole('link', { name: /Create a cart/ }).click()
    await expect(page.locator('[id="operation/createCart"]')).toBeInViewport()
    await expect(contents).not.toHaveAttribute('open', '')
    await context.close()
  })

  test('mobile: contents opened before the page script ran stay open once it runs', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    // Hold the page's script until the reader has tapped, as a slow phone would.
    let release = () => {}
    const tapped = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/js\/main\.[\w]+\.js$/, async (route) => {
      await tapped
      await route.continue()
    })
    // A held deferred script also holds DOMContentLoaded: go on as soon as the document arrives.
    await page.goto('/storefront-api/', { waitUntil: 'commit' })
    const contents = page.locator('.fsr-navd')
    await contents.locator(':scope > summary').click()
    expect(await page.evaluate(() => document.documentElement.dataset.hasHydrated)).not.toBe('true')
    await expect(contents).toHaveAttribute('open', '')
    release()
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true')
    await expect(contents).toHaveAttribute('open', '')
    await expect(contents.getByRole('link', { name: /Create a cart/ })).toBeVisible()
    await context.close()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { route, title, operation, schema } of pages) {
    test(`${route} is readable`, async ({ page }) => {
      await page.goto(route)
      await expect(page.locator('article h1')).toHaveText(title)
      await expect(page.locator(`[id="${operation}"]`)).toBeVisible()
      await expect(page.locator(`[id="${schema}"]`)).toHaveCount(1)
      // The default language's sample is shown, labelled; the other languages are fetched by
      // script (decision 0053), so a note points at the Markdown version, which has them all.
      // The JS-only controls are hidden.
      const samples = page.locator(`section:has([id="${operation}"]) .fsr-sample`)
      await expect(samples).toHaveCount(1)
      await expect(samples).toBeVisible()
      await expect(samples.locator('.fsr-sh')).toContainText('cURL')
      const note = page.locator('.fsr-nojs')
      await expect(note).toBeVisible()
      await expect(note.getByRole('link', { name: 'Markdown version' })).toHaveAttribute(
        'href',
        `${route.replace(/\/$/, '')}.md`,
      )
      await expect(page.locator('.fsr-langs').first()).toBeHidden()
      await expect(page.locator('.fsr-try').first()).toBeHidden()
    })
  }

  test('the Markdown version has every language of every sample', async ({ request }) => {
    const twin = await (await request.get('/open-api.md')).text()
    // listOrders' samples, from its cURL sample on: one block per language, in switcher order.
    const samples = twin.slice(twin.indexOf("cURL\n\n```\ncurl 'http"))
    const labels = ['JavaScript', 'TypeScript SDK', 'Python', 'Go', 'PHP', 'Ruby', 'Java']
    const markers = [
      'await fetch(',
      'client.listOrders(',
      'requests.get(',
      'package main',
      '<?php',
      'Net::HTTP',
      'HttpClient',
    ]
    let from = 0
    for (const [index, label] of labels.entries()) {
      const at = samples.indexOf(`\n${label}\n\n\`\`\``, from)
      expect(at, label).toBeGreaterThan(from)
      expect(samples.slice(at, at + 3000), label).toContain(markers[index])
      from = at
    }
    expect(from).toBeLessThan(20_000)
    expect(twin).not.toContain('Markdown version of this page has them')
  })

  test('the built HTML holds the whole reference', () => {
    const html = readFileSync(path.join(siteDir, 'open-api/index.html'), 'utf8')
    for (const text of [
      'ORDER_NOT_FOUND',
      'INSUFFICIENT_SCOPE',
      'friendlyId',
      'X-Fanshelf-Hmac-SHA256',
      'ORDER_PLACED',
    ]) {
      expect(html).toContain(text)
    }
  })
})
