import { expect, test } from '@playwright/test'
import { hydrated } from './site'

test.describe('offline search', () => {
  // The /search/ page downloads and loads the whole offline index (every guide and reference anchor,
  // ~3 MB) before it shows results; with two browsers sharing two cores that can take over 10 s.
  // How fast search answers is measured by the site benchmark, not here.
  const indexLoaded = { timeout: 30_000 }
  test('the keyboard shortcut focuses the search box, and typing finds a guide', async ({ page }) => {
    await page.goto('/storefront/')
    await hydrated(page)
    const input = page.locator('input.navbar__search-input')
    await page.keyboard.press('Control+k')
    await expect(input).toBeFocused()
    await input.pressSequentially('retry schedule', { delay: 30 })
    const suggestion = page.getByRole('option').filter({ hasText: 'Response and retry policy' }).first()
    await expect(suggestion).toBeVisible()
    await suggestion.click()
    await expect(page).toHaveURL(/\/webhooks\/response-retry-policies\//)
  })

  test('the /search/ page finds guides from the query string', async ({ page }) => {
    await page.goto('/search/?q=storefront%20token')
    await expect(
      page.locator('#__docusaurus_skipToContent_fallback a[href^="/storefront/getting-started/"]').first(),
    ).toBeVisible(indexLoaded)
  })

  test('a page whose title matches ranks before pages that only mention the words; snippets are plain text', async ({
    page,
  }) => {
    await page.goto('/storefront/')
    await hydrated(page)
    const input = page.locator('input.navbar__search-input')
    await input.click()
    await input.pressSequentially('signature verification', { delay: 30 })
    const first = page.getByRole('option').first()
    await expect(first).toContainText('Signature verification', indexLoaded)
    const snippets = (await page.getByRole('option').allTextContents()).join('\n')
    expect(snippets).not.toMatch(/\*\*|`|\]\(|<Sample|:::/)
  })

  test('search finds an operation of the API reference', async ({ page }) => {
    await page.goto('/search/?q=fulfilment')
    await expect(page.locator('#__docusaurus_skipToContent_fallback a[href^="/open-api/"]').first()).toBeVisible(
      indexLoaded,
    )
  })

  test('the index is served from this site, not a search service', async ({ page }) => {
    const indexRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('search-index')) indexRequests.push(request.url())
    })
    await page.goto('/search/?q=webhook')
    await expect(page.locator('#__docusaurus_skipToContent_fallback a[href^="/webhooks/"]').first()).toBeVisible(
      indexLoaded,
    )
    expect(indexRequests.length).toBeGreaterThan(0)
    for (const url of indexRequests) expect(new URL(url).hostname).toBe('127.0.0.1')
  })
})
