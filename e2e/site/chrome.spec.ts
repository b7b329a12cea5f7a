import { expect, test } from '@playwright/test'
import { hydrated, storageKey } from './site'

test.describe('navbar and footer', () => {
  test('the navbar is titled Developer Docs and links the six areas', async ({ page }) => {
    await page.goto('/webhooks/')
    const navbar = page.locator('nav.navbar')
    await expect(navbar.locator('.navbar__title')).toHaveText('Developer Docs')
    const expected: Array<[string, string]> = [
      ['Get started', '/'],
      ['Storefront', '/storefront/'],
      ['Webhooks', '/webhooks/'],
      ['Operate', '/operate/running-fanshelf/'],
      ['Storefront API Docs', '/storefront-api/'],
      ['Open API Docs', '/open-api/'],
    ]
    for (const [label, href] of expected) {
      const link = navbar
        .locator('.navbar__items:not(.navbar__items--right) a.navbar__link', { hasText: label })
        .first()
      await expect(link).toHaveAttribute('href', href)
    }
  })

  test('the guide links of the navbar lead to their pages', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const steps: Array<[string, string]> = [
      ['Storefront', 'Storefront overview'],
      ['Webhooks', 'Webhooks overview'],
      ['Operate', 'Running Fanshelf'],
      ['Get started', 'Get started with Fanshelf'],
    ]
    for (const [label, heading] of steps) {
      await page.locator('nav.navbar a.navbar__link', { hasText: new RegExp(`^${label}$`) }).click()
      await expect(page.locator('article h1').first()).toHaveText(heading)
    }
  })

  test('the footer links the guides, the three references including /open-api-beta/, and the downloads', async ({
    page,
  }) => {
    await page.goto('/')
    const footer = page.locator('footer')
    for (const href of [
      '/',
      '/platform-apps/',
      '/api-conventions/',
      '/storefront/',
      '/webhooks/',
      '/operate/running-fanshelf/',
      '/storefront-api/',
      '/open-api/',
      '/open-api-beta/',
      '/openapi/open-api.yaml',
      '/openapi/open-api-beta.yaml',
      '/openapi/storefront-api.yaml',
      '/llms.txt',
    ]) {
      await expect(footer.locator(`a[href="${href}"]`), href).toHaveCount(1)
    }
    await expect(footer).toContainText('Copyright © 2025')
  })

  test('every local navbar and footer link answers 200', async ({ page, request }) => {
    await page.goto('/')
    const hrefs = await page
      .locator('nav.navbar a[href^="/"], footer a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    expect(hrefs.length).toBeGreaterThan(10)
    for (const href of new Set(hrefs)) {
      expect((await request.get(href)).status(), href).toBe(200)
    }
  })

  test('the language dropdown offers English only', async ({ page }) => {
    await page.goto('/storefront/')
    const dropdown = page.locator('.navbar__item.dropdown', { has: page.locator('a.navbar-locale') })
    await dropdown.hover()
    const items = dropdown.locator('.dropdown__menu a')
    await expect(items).toHaveCount(1)
    await expect(items.first()).toHaveText('English')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})

test.describe('skip link', () => {
  test('the first Tab focuses "Skip to main content", which moves focus to the content', async ({ page }) => {
    await page.goto('/webhooks/testing/')
    await hydrated(page)
    await page.keyboard.press('Tab')
    const skip = page.locator('a', { hasText: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    // Focus moved to <main>: the next Tab lands inside the content, past the navbar and the sidebar.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true)
    expect(
      await page.evaluate(() => document.activeElement?.closest('.navbar, .theme-doc-sidebar-container') === null),
    ).toBe(true)
  })
})

test.describe('announcement bar', () => {
  test('a dismissal is remembered across pages and reloads', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    const bar = page.locator('.theme-announcement-bar')
    await expect(bar).toBeVisible()
    await bar.locator('button[aria-label="Close"]').click()
    await expect(bar).toBeHidden()
    const key = await storageKey(page, 'docusaurus.announcement.dismiss')
    expect(key).toBeDefined()
    expect(await page.evaluate((name) => localStorage.getItem(name ?? ''), key)).toBe('true')
    await page.goto('/webhooks/')
    await hydrated(page)
    await expect(page.locator('.theme-announcement-bar')).toBeHidden()
    await page.reload()
    await hydrated(page)
    await expect(page.locator('.theme-announcement-bar')).toBeHidden()
  })

  test('a dismissal is reset when the announcement id changes', async ({ page }) => {
    await page.goto('/')
    await hydrated(page)
    await page.locator('.theme-announcement-bar button[aria-label="Close"]').click()
    const idKey = await storageKey(page, 'docusaurus.announcement.id')
    const dismissKey = await storageKey(page, 'docusaurus.announcement.dismiss')
    // The reader dismissed an earlier announcement: its id differs from the configured one.
    await page.evaluate(
      ([id, dismiss]) => {
        localStorage.setItem(id ?? '', 'an-older-announcement')
        localStorage.setItem(dismiss ?? '', 'true')
      },
      [idKey, dismissKey],
    )
    await page.reload()
    await hydrated(page)
    await expect(page.locator('.theme-announcement-bar')).toBeVisible()
    expect(await page.evaluate((name) => localStorage.getItem(name ?? ''), dismissKey)).toBe('false')
    expect(await page.evaluate((name) => localStorage.getItem(name ?? ''), idKey)).not.toBe('an-older-announcement')
  })
})

test.describe('mobile navigation drawer', () => {
  test('below 996 px (995 px) the navbar collapses into a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 995, height: 800 })
    await page.goto('/webhooks/')
    await hydrated(page)
    const toggle = page.locator('button.navbar__toggle')
    await expect(toggle).toBeVisible()
    await expect(page.locator('.navbar__items a.navbar__link', { hasText: 'Open API Docs' }).first()).toBeHidden()
    await toggle.click()
    const drawer = page.locator('.navbar-sidebar')
    await expect(drawer).toBeVisible()
    await expect(drawer.locator('a', { hasText: 'Storefront API Docs' }).first()).toBeVisible()
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeHidden()
  })

  test('at 997 px the full navbar and the docs sidebar show', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 })
    await page.goto('/webhooks/')
    await hydrated(page)
    await expect(page.locator('button.navbar__toggle')).toBeHidden()
    for (const label of ['Get started', 'Storefront', 'Webhooks', 'Operate', 'Storefront API Docs', 'Open API Docs']) {
      await expect(page.locator('.navbar__items a.navbar__link', { hasText: label }).first()).toBeVisible()
    }
    await expect(page.locator('aside.theme-doc-sidebar-container')).toBeVisible()
    // Nothing in the navbar wraps to a second line.
    const height = await page.locator('nav.navbar').evaluate((element) => element.getBoundingClientRect().height)
    expect(height).toBeLessThanOrEqual(64)
  })
})

test.describe('colour mode', () => {
  test('follows the OS preference until the reader chooses', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto('/storefront/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await context.close()
    const light = await browser.newContext({ colorScheme: 'light' })
    const lightPage = await light.newPage()
    await lightPage.goto('/storefront/')
    await expect(lightPage.locator('html')).toHaveAttribute('data-theme', 'light')
    await light.close()
  })

  test('the switch persists the choice across reloads and pages, over the OS preference', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto('/webhooks/')
    await hydrated(page)
    const html = page.locator('html')
    await expect(html).toHaveAttribute('data-theme', 'light')
    const toggle = page.locator('nav.navbar button[title*="mode"]').first()
    while ((await html.getAttribute('data-theme')) !== 'dark') await toggle.click()
    const key = await storageKey(page, 'theme')
    expect(await page.evaluate((name) => localStorage.getItem(name ?? ''), key)).toBe('dark')
    await page.reload()
    // Set by the inline head script before first paint: no flash of the light theme.
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await page.goto('/storefront/checkout/')
    await expect(html).toHaveAttribute('data-theme', 'dark')
    await context.close()
  })
})

test.describe('code blocks', () => {
  const keywordColour = (page: import('@playwright/test').Page) =>
    page
      .locator('.theme-doc-markdown pre .token.keyword')
      .first()
      .evaluate((element) => getComputedStyle(element).color)
  const blockBackground = (page: import('@playwright/test').Page) =>
    page
      .locator('.theme-doc-markdown .theme-code-block')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor)

  test("are highlighted from build-time tokens, in the colours of the reader's mode, with no error", async ({
    browser,
  }) => {
    for (const [scheme, keyword, background] of [
      ['light', 'rgb(207, 34, 46)', 'rgb(246, 248, 250)'],
      ['dark', 'rgb(189, 147, 249)', 'rgb(40, 42, 54)'],
    ] as const) {
      const context = await browser.newContext({ colorScheme: scheme })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      await page.goto('/storefront/getting-started/')
      await hydrated(page)
      expect(await keywordColour(page)).toBe(keyword)
      expect(await blockBackground(page)).toBe(background)
      // The browser bundle has no Prism: a block without tokens would be plain text and say so here.
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('keep their server markup through hydration and follow a colour switch without re-rendering', async ({
    page,
  }) => {
    // The server's first code line, taken as soon as the document is parsed (hydration starts later,
    // once the route's chunks are in): the same element must still be in the page afterwards.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as Window & { serverLine?: Element | null }).serverLine = document.querySelector(
          '.theme-doc-markdown pre .token-line',
        )
      })
    })
    await page.goto('/storefront/getting-started/')
    const sameAsServer = () =>
      page.evaluate(() => {
        const kept = (window as Window & { serverLine?: Element | null }).serverLine
        return kept?.isConnected === true && kept === document.querySelector('.theme-doc-markdown pre .token-line')
      })
    await hydrated(page)
    expect(await sameAsServer()).toBe(true)
    const html = page.locator('html')
    const toggle = page.locator('nav.navbar button[title*="mode"]').first()
    while ((await html.getAttribute('data-theme')) !== 'dark') await toggle.click()
    expect(await sameAsServer()).toBe(true)
    // Line numbers (the signature samples are numbered) and the copy button are there.
    await page.goto('/webhooks/signature-verification/')
    await expect(
      page.locator('.theme-doc-markdown pre .token-line span[class*="codeLineNumber"]').first(),
    ).toBeAttached()
    await expect(
      page.locator('.theme-doc-markdown .theme-code-block button[aria-label*="Copy"]').first(),
    ).toBeAttached()
  })
})

test.describe('docs versions', () => {
  test('the version dropdown offers the current docs and v1.0, and the choice persists', async ({ page }) => {
    await page.goto('/webhooks/testing/')
    await hydrated(page)
    const dropdown = page.locator('.navbar__item.dropdown', { has: page.locator('a.navbar-version') }).first()
    await expect(dropdown).toBeVisible()
    await dropdown.hover()
    const items = dropdown.locator('.dropdown__menu a')
    await expect(items.filter({ hasText: 'Current' })).toHaveCount(1)
    await items.filter({ hasText: 'v1.0' }).click()
    await expect(page).toHaveURL(/\/1\.0\/webhooks\/testing\/$/)
    await expect(page.locator('.theme-doc-version-banner')).toBeVisible()
    const key = await storageKey(page, 'docs-preferred-version-default')
    expect(await page.evaluate((name) => localStorage.getItem(name ?? ''), key)).toBe('v1.0')

    // Outside the docs (no active version), navbar doc links lead to the chosen version, also after a reload.
    await page.goto('/search/')
    await hydrated(page)
    await expect(page.locator('nav.navbar a.navbar__link', { hasText: /^Webhooks$/ })).toHaveAttribute(
      'href',
      '/1.0/webhooks/',
    )
    await page.reload()
    await hydrated(page)
    await expect(page.locator('nav.navbar a.navbar__link', { hasText: /^Webhooks$/ })).toHaveAttribute(
      'href',
      '/1.0/webhooks/',
    )
  })
})
