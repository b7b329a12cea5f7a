import { expect, test } from '@playwright/test'
import { guideRoutes, hydrated } from './site'

function twinOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? '/index.md' : `${trimmed}.md`
}

test.describe('AI-ready output', () => {
  test('every guide has a Markdown twin with its content', async ({ request }) => {
    for (const route of guideRoutes) {
      const response = await request.get(twinOf(route.path))
      expect(response.status(), route.path).toBe(200)
      expect(response.headers()['content-type'], route.path).toContain('text/markdown')
      const text = await response.text()
      expect(text, route.path).toContain(`# ${route.heading}`)
      expect(text, route.path).toContain('/llms.txt')
    }
  })

  test('twins keep generated tables, payloads and diagrams', async ({ request }) => {
    const retry = await (await request.get('/webhooks/response-retry-policies.md')).text()
    expect(retry).toMatch(/\| Attempt \|/)
    expect(retry).toContain('```mermaid')
    const events = await (await request.get('/webhooks/webhook-event-types.md')).text()
    expect(events).toContain('```json')
    expect(events).toContain('"type": "ORDER_PLACED"')
    const signature = await (await request.get('/webhooks/signature-verification.md')).text()
    for (const language of ['Python', 'Go', 'PHP', 'Ruby', 'Java', 'C#']) expect(signature).toContain(`**${language}**`)
  })

  test('a page is answered as Markdown when asked for text/markdown', async ({ request }) => {
    const response = await request.get('/webhooks/limitations/', { headers: { accept: 'text/markdown' } })
    expect(response.headers()['content-type']).toContain('text/markdown')
    expect(await response.text()).toContain('# Limitations')
  })

  test('llms.txt indexes every guide and llms-full.txt holds their text', async ({ request }) => {
    const index = await (await request.get('/llms.txt')).text()
    expect(index.startsWith('# Fanshelf Developer Docs')).toBe(true)
    for (const route of guideRoutes) expect(index, route.path).toContain(`${twinOf(route.path)})`)
    expect(index).toContain('/openapi/open-api.yaml')
    const full = await (await request.get('/llms-full.txt')).text()
    for (const route of guideRoutes) expect(full, route.path).toContain(`# ${route.heading}`)
  })

  test('the contracts are downloadable under /openapi/', async ({ request }) => {
    for (const file of ['open-api.yaml', 'open-api-beta.yaml', 'storefront-api.yaml']) {
      const response = await request.get(`/openapi/${file}`)
      expect(response.status(), file).toBe(200)
      expect(await response.text(), file).toMatch(/^openapi: 3\.1/)
    }
  })

  test('"Copy page as Markdown" copies the twin to the clipboard', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
    const page = await context.newPage()
    await page.goto('/webhooks/testing/')
    await hydrated(page)
    const button = page.getByRole('button', { name: 'Copy page as Markdown' })
    await button.click()
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toContain('# Testing webhooks')
    await expect(page.getByRole('link', { name: 'View as Markdown' })).toHaveAttribute('href', '/webhooks/testing.md')
    await context.close()
  })

  test('the sitemap lists the guides weekly at priority 0.5 and no tag pages', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toContain('/webhooks/signature-verification/</loc>')
    expect(sitemap).toContain('<changefreq>weekly</changefreq>')
    expect(sitemap).toContain('<priority>0.5</priority>')
    expect(sitemap).not.toMatch(/\/tags\//)
    expect(sitemap).not.toContain('/search/</loc>')
  })

  test('no analytics tag is on the page unless configured', async ({ page }) => {
    await page.goto('/')
    expect(await page.content()).not.toContain('googletagmanager')
  })
})
