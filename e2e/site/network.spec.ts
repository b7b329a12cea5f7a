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

test('Mermaid diagrams render when scrolled into view', async ({ page }) => {
  await page.goto('/webhooks/gifting-guide/')
  await hydrated(page)
  const diagram = page.locator('.fanshelf-diagram').first()
  await diagram.scrollIntoViewIfNeeded()
  await expect(diagram.locator('svg')).toBeVisible({ timeout: 20_000 })
  await expect(diagram).toHaveAttribute('data-mermaid-source', /sequenceDiagram/)
})
