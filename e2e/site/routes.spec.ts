import { expect, test } from '@playwright/test'
import { guideRoutes, hydrated, referenceRoutes, siteTitle } from './site'

test.describe('routes of spec §2', () => {
  for (const route of guideRoutes) {
    test(`${route.path} renders its title${route.sidebar ? ' and the sidebar' : ''}`, async ({ page }) => {
      const response = await page.goto(route.path)
      expect(response?.status()).toBe(200)
      await expect(page.locator('article h1').first()).toHaveText(route.heading)
      await expect(page).toHaveTitle(route.path === '/' ? new RegExp(siteTitle) : `${route.heading} | ${siteTitle}`)
      const sidebar = page.locator('nav[aria-label="Docs sidebar"]')
      if (route.sidebar === null) {
        await expect(sidebar).toHaveCount(0)
      } else {
        await expect(sidebar).toBeVisible()
        await expect(sidebar.locator('a.menu__link--active')).toHaveAttribute('href', route.path)
        const firstItem = { storefront: '/storefront/', webhooks: '/webhooks/', operate: '/operate/running-fanshelf/' }[
          route.sidebar
        ]
        await expect(sidebar.locator(`a[href="${firstItem}"]`)).toHaveCount(1)
      }
      await expect(page.locator('.table-of-contents').first()).toBeAttached()
    })
  }

  test('the sidebars hold their own guides only', async ({ page }) => {
    await page.goto('/storefront/')
    const storefront = page.locator('nav[aria-label="Docs sidebar"] a.menu__link')
    await expect(storefront).toHaveCount(5)
    await expect(storefront.filter({ hasText: 'Gifting guide' })).toHaveCount(0)
    await page.goto('/webhooks/')
    const webhooks = page.locator('nav[aria-label="Docs sidebar"] a.menu__link')
    await expect(webhooks).toHaveCount(9)
    await expect(webhooks.filter({ hasText: 'Showcase' })).toHaveCount(0)
    await page.goto('/operate/admin-roles/')
    const operate = page.locator('nav[aria-label="Docs sidebar"] a.menu__link')
    await expect(operate).toHaveCount(2)
    await expect(operate.filter({ hasText: 'Gifting guide' })).toHaveCount(0)
  })

  test('the search page is the one more root-level route', async ({ page }) => {
    const response = await page.goto('/search/')
    expect(response?.status()).toBe(200)
    await expect(page.locator('#__docusaurus_skipToContent_fallback input[type="search"]')).toBeVisible()
  })

  test('the table of contents covers h2 and h3 only', async ({ page }) => {
    await page.goto('/')
    const toc = page.locator('.theme-doc-toc-desktop')
    await expect(toc.locator('a[href="#create-an-api-user"]')).toHaveCount(1)
    await expect(toc.locator('a[href="#rules-every-api-shares"]')).toHaveCount(1)
    await expect(toc.locator('ul ul ul')).toHaveCount(0)
  })

  test('the sidebar is 300 px wide', async ({ page }) => {
    await page.goto('/webhooks/')
    const width = await page
      .locator('aside.theme-doc-sidebar-container')
      .evaluate((element) => element.getBoundingClientRect().width)
    expect(Math.round(width)).toBe(300)
  })

  test('routes without a trailing slash redirect to it, and index.html is trimmed', async ({ request }) => {
    const redirects: Array<[string, string]> = [
      ['/storefront', '/storefront/'],
      ['/webhooks/testing', '/webhooks/testing/'],
      ['/webhooks/testing/index.html', '/webhooks/testing/'],
      ['/index.html', '/'],
    ]
    for (const [from, to] of redirects) {
      const response = await request.get(from, { maxRedirects: 0 })
      expect(response.status(), from).toBe(301)
      expect(response.headers().location, from).toBe(to)
    }
  })

  test('any other path shows a helpful not-found page', async ({ page }) => {
    const response = await page.goto('/webhooks/no-such-guide/')
    expect(response?.status()).toBe(404)
    await hydrated(page)
    await expect(page.locator('h1')).toHaveText('Page not found')
    await expect(page.locator('main search form input[name="q"]')).toBeVisible()
    for (const href of ['/', '/storefront/', '/webhooks/']) {
      await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible()
    }
    await page.locator('#not-found-search').fill('signature')
    await page.locator('main search form button[type="submit"]').click()
    await expect(page).toHaveURL(/\/search\/\?q=signature/)
    // The search page loads the whole offline index (~3 MB) first; see search.spec.ts.
    await expect(
      page.locator('#__docusaurus_skipToContent_fallback a[href^="/webhooks/signature-verification/"]').first(),
    ).toBeVisible({ timeout: 30_000 })
  })

  test('the API reference routes render', async ({ request }) => {
    for (const route of referenceRoutes) {
      expect((await request.get(route)).status(), route).toBe(200)
    }
  })
})
