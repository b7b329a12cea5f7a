import { expect, test } from '@playwright/test'
import { guideRoutes, hydrated } from './site'

test('no request leaves 127.0.0.1 on any page, including diagrams, search and the 404 page', async ({ page }) => {
  test.setTimeout(180_000)
  const outside: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol === 'data:' || url.protocol === 'blob:') return
    if (url.hostname !== '127.0.0.1') outside.push(request.url())
  })
  const paths = [...guideRoutes.map((route) => route.path), '/search/?q=order', '/no-such-page/', '/1.0/webhooks/']
  for (const path of paths) {
    await page.goto(path)
    await hydrated(page)
    // Scroll to the bottom so lazily rendered diagrams load their code too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForLoadState('networkidle')
  }
  await page.locator('input.navbar__search-input').fill('signature')
  await page.waitForLoadState('networkidle')
  expect(outside).toEqual([])
})

test("diagrams are pre-rendered images, shown in the reader's colour mode when scrolled near", async ({ browser }) => {
  for (const [scheme, shown] of [
    ['light', 'light'],
    ['dark', 'dark'],
  ] as const) {
    const context = await browser.newContext({ colorScheme: scheme })
    const page = await context.newPage()
    const svgs: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('.svg') && request.url().includes('/diagrams/')) svgs.push(request.url())
    })
    await page.goto('/webhooks/gifting-guide/')
    await hydrated(page)
    const diagram = page.locator('.fanshelf-diagram').first()
    await diagram.scrollIntoViewIfNeeded()
    const image = diagram.locator(`img.fanshelf-diagram__${shown}`)
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    // The alt says what the diagram shows (its accDescr), not its Mermaid source (issue 21).
    await expect(image).toHaveAttribute('alt', /^The bot marks the stream live/)
    await expect(diagram).toHaveAttribute('data-mermaid-source', /sequenceDiagram/)
    // Only the reader's mode is downloaded, and no Mermaid code runs for a pre-rendered diagram.
    expect(svgs.every((url) => url.endsWith(`-${shown}.svg`))).toBe(true)
    expect(await page.evaluate(() => document.querySelectorAll('.fanshelf-diagram svg').length)).toBe(0)
    await context.close()
  }
})

test('a diagram on the first screen is in the page itself: shown without JavaScript, in the light mode', async ({
  browser,
}) => {
  // Without scripting a browser loads every image at once (lazy loading is off), so this asserts what
  // is shown; which files a reader with JavaScript fetches is the test above.
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto('/storefront/checkout/')
  const diagram = page.locator('.fanshelf-diagram').first()
  const light = diagram.locator('img.fanshelf-diagram__light')
  await expect(light).toBeInViewport()
  await expect.poll(() => light.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await expect(diagram.locator('img.fanshelf-diagram__dark')).toBeHidden()
  await context.close()
})

test('every diagram of the guides has its pre-rendered images (npm run generate:diagrams -w apps/site)', async ({
  page,
}) => {
  for (const route of guideRoutes) {
    await page.goto(route.path)
    await hydrated(page)
    const missing = await page.$$eval('.fanshelf-diagram:not(.fanshelf-diagram--prerendered)', (nodes) =>
      nodes.map((node) => (node as HTMLElement).dataset.mermaidSource?.split('\n')[0]),
    )
    expect(missing, `${route.path}: run npm run generate:diagrams -w apps/site and commit the files`).toEqual([])
  }
})
