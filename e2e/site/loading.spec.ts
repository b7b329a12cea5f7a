import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, type Route, test } from '@playwright/test'
import { hydrated } from './site'

/**
 * The loading behaviours of spec §2, which Docusaurus provides: the route progress bar after 200 ms,
 * the spinner and the Retry box of a loading route, the full reload when preloading a route fails,
 * the crash page, and no prefetching on 2G or with data saving on.
 */

const buildJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/site/build/assets/js')

/**
 * A URL pattern matching the built JS chunks that hold a sentence of a page's content (each page's
 * content is its own chunk; the v1.0 snapshot of the page has its own copy).
 */
function chunkWith(sentence: string): RegExp {
  const files = readdirSync(buildJs).filter((name) => readFileSync(path.join(buildJs, name), 'utf8').includes(sentence))
  if (files.length === 0) throw new Error(`No chunk contains "${sentence}"`)
  return new RegExp(`/assets/js/(${files.map((file) => file.replace(/\./g, '\\.')).join('|')})$`)
}

const limitations = {
  path: '/webhooks/limitations/',
  sentence: 'Webhooks are a fast signal, not a ledger.',
  heading: 'Limitations',
}
const testing = {
  path: '/webhooks/testing/',
  sentence: 'There are four ways to get deliveries to your code',
  heading: 'Testing webhooks',
}

/** Pretend the reader has data saving on, so nothing is prefetched and each navigation loads its chunks. */
async function saveData(page: Page, effectiveType = '4g', isSaving = true) {
  await page.addInitScript(
    ([type, saving]) => {
      Object.defineProperty(navigator, 'connection', {
        configurable: true,
        value: { effectiveType: type, saveData: saving },
      })
    },
    [effectiveType, isSaving] as const,
  )
}

// Route handlers may still be running (a prefetch, a held request) when a test ends.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

function sidebarLink(page: Page, href: string) {
  return page.locator(`nav[aria-label="Docs sidebar"] a[href="${href}"]`)
}

test('the progress bar appears only once a route takes longer than 200 ms', async ({ page }) => {
  await saveData(page)
  await page.goto('/webhooks/')
  await hydrated(page)
  const chunk = chunkWith(limitations.sentence)
  // The route's chunk is held until the test has seen the bar: slow by construction, whatever the
  // machine's speed.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(chunk, async (route) => {
    await held
    await route.continue()
  })
  const clickedAt = Date.now()
  await sidebarLink(page, limitations.path).click()
  const bar = page.locator('#nprogress')
  await page.waitForTimeout(100)
  if (Date.now() - clickedAt < 190) await expect(bar).toHaveCount(0)
  await expect(bar).toBeAttached({ timeout: 5000 })
  // The old page stays on screen while the next one loads.
  await expect(page.locator('article h1').first()).toHaveText('Webhooks overview')
  release()
  await expect(page.locator('article h1').first()).toHaveText(limitations.heading, { timeout: 10_000 })
  await expect(bar).toHaveCount(0)
})

test('a fast route change shows no progress bar', async ({ page }) => {
  await page.goto('/webhooks/')
  await hydrated(page)
  // "Fast" by construction, not by the machine's speed: the route's chunks are loaded before the click
  // (what hovering the link does), so the change needs no network and resolves well inside 200 ms.
  await page.evaluate(
    (routePath) =>
      (window as unknown as { docusaurus: { preload: (p: string) => Promise<unknown> } }).docusaurus.preload(routePath),
    limitations.path,
  )
  let seen = false
  await page.exposeFunction('markProgress', () => {
    seen = true
  })
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.getElementById('nprogress')) (window as unknown as { markProgress: () => void }).markProgress()
    }).observe(document.documentElement, { childList: true, subtree: true })
  })
  await sidebarLink(page, limitations.path).click()
  await expect(page.locator('article h1').first()).toHaveText(limitations.heading)
  expect(seen).toBe(false)
})

test('if preloading a route fails, the whole page reloads at the new address', async ({ page }) => {
  await saveData(page)
  await page.goto('/webhooks/')
  await hydrated(page)
  const chunk = chunkWith(limitations.sentence)
  let failed = false
  await page.route(chunk, async (route) => {
    if (!failed) {
      failed = true
      await route.abort('failed')
    } else {
      await route.continue()
    }
  })
  await page.evaluate(() => {
    ;(window as unknown as { beforeReload: boolean }).beforeReload = true
  })
  const reload = page.waitForEvent('load')
  await sidebarLink(page, limitations.path).click()
  await reload
  await expect(page).toHaveURL(new RegExp(`${limitations.path}$`))
  await hydrated(page)
  await expect(page.locator('article h1').first()).toHaveText(limitations.heading)
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined()
})

test('while a route loads a spinner shows, a failed load shows the error with a Retry button, and Retry loads it', async ({
  page,
}) => {
  await saveData(page)
  await page.goto('/webhooks/')
  await hydrated(page)
  const slowChunk = chunkWith(limitations.sentence)
  const failingChunk = chunkWith(testing.sentence)
  let releaseFailingChunk: (() => void) | undefined
  let failingAttempts = 0
  // The first route's chunk waits until the second navigation has started.
  let releaseSlowChunk: () => void = () => undefined
  const slowChunkReleased = new Promise<void>((resolve) => {
    releaseSlowChunk = resolve
  })
  await page.route(slowChunk, async (route) => {
    await slowChunkReleased
    await route.continue()
  })
  await page.route(failingChunk, async (route: Route) => {
    failingAttempts += 1
    if (failingAttempts === 1) {
      // Held until the spinner has been seen, then failed.
      await new Promise<void>((resolve) => {
        releaseFailingChunk = resolve
      })
      await route.abort('failed')
    } else {
      await route.continue()
    }
  })
  // The failed preload asks for a full reload. Answer it 204 No Content, which makes the browser stay
  // on the current document, so the loading state can be seen (the reload itself is tested above).
  let reloadRequested = false
  await page.route(`**${testing.path}`, async (route) => {
    reloadRequested = true
    await route.fulfill({ status: 204 })
  })

  // Two navigations in a row: the first finishes while the second is still loading, so the second
  // route renders its loading state.
  await sidebarLink(page, limitations.path).click()
  await sidebarLink(page, testing.path).click()
  await expect(page).toHaveURL(new RegExp(`${testing.path}$`))
  releaseSlowChunk()
  await expect(page.locator('svg#loader')).toBeVisible()

  await expect.poll(() => releaseFailingChunk !== undefined).toBe(true)
  releaseFailingChunk?.()
  const retry = page.getByRole('button', { name: 'Retry' })
  await expect(retry).toBeVisible()
  await expect(retry.locator('xpath=../..')).toContainText(/ChunkLoadError|Loading chunk .* failed/)
  expect(reloadRequested).toBe(true)

  await retry.click()
  await expect(page.locator('article h1').first()).toHaveText(testing.heading)
})

test('a page that throws while rendering shows "This page crashed." with "Try again", titled Page Error', async ({
  page,
}) => {
  const chunk = chunkWith(limitations.sentence)
  await page.route(chunk, async (route) => {
    const response = await route.fetch()
    const source = await response.text()
    const broken = source.replace(
      `"${limitations.sentence}`,
      `(()=>{throw new Error("Simulated render failure")})()+"${limitations.sentence}`,
    )
    expect(broken).not.toBe(source)
    await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: broken })
  })
  await page.goto(limitations.path)
  await expect(page.locator('h1', { hasText: 'This page crashed.' })).toBeVisible()
  await expect(page).toHaveTitle('Page Error')
  await expect(page.locator('main [role="alert"]')).toContainText('Simulated render failure')
  const tryAgain = page.getByRole('button', { name: 'Try again' })
  await expect(tryAgain).toBeVisible()
  await tryAgain.click()
  await expect(page.locator('h1', { hasText: 'This page crashed.' })).toBeVisible()
})

async function prefetchesAfterHover(page: Page): Promise<number> {
  await page.goto('/webhooks/')
  await hydrated(page)
  await sidebarLink(page, limitations.path).hover()
  await page.waitForTimeout(500)
  return page.locator('link[rel="prefetch"]').count()
}

test('links are prefetched on a normal connection', async ({ page }) => {
  await saveData(page, '4g', false)
  expect(await prefetchesAfterHover(page)).toBeGreaterThan(0)
})

test('a phone prefetches each chunk once, and none the page already loaded', async ({ page }) => {
  await saveData(page, '4g', false)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/webhooks/response-retry-policies/')
  await hydrated(page)
  const prefetched = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
    )
  // The links in view report themselves after hydration; wait until their prefetches are all in.
  let seen = -1
  await expect
    .poll(async () => {
      const count = (await prefetched()).length
      const settled = count > 0 && count === seen
      seen = count
      return settled
    })
    .toBe(true)
  const hrefs = await prefetched()
  // A chunk's <script> is removed once it ran: Resource Timing remembers what the page loaded.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script')
      .map((entry) => new URL(entry.name).pathname),
  )
  expect(scripts.length).toBeGreaterThan(2)
  expect(new Set(hrefs).size, 'a chunk prefetched twice').toBe(hrefs.length)
  expect(
    hrefs.filter((href) => scripts.includes(href)),
    'chunks the page had already loaded',
  ).toEqual([])
  // Another page still opens from a prefetched link.
  await page.locator('.pagination-nav__link--next').click()
  await expect(page.locator('h1')).toHaveText(limitations.heading)
})

test('nothing is prefetched on a 2G connection', async ({ page }) => {
  await saveData(page, '2g', false)
  expect(await prefetchesAfterHover(page)).toBe(0)
})

test('nothing is prefetched with data saving on', async ({ page }) => {
  await saveData(page, '4g', true)
  expect(await prefetchesAfterHover(page)).toBe(0)
})
