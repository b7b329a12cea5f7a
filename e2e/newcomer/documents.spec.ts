import { expect, test } from '@playwright/test'
import { origin } from './server.ts'

/**
 * Every document a reader, a crawler or an agent fetches names the server it came from (decision
 * 0032): pages and their scripts, Markdown twins, llms files, the search index, the sitemap and the
 * contracts — none still points at the default port.
 */

const defaultAddress = /\b(?:127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0):4000\b/

async function text(url: string): Promise<string> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return response.text()
}

/** Same-origin scripts and the Markdown twin of a page. */
function linkedDocuments(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1] as string)
  const twins = [...html.matchAll(/<link[^>]+type="text\/markdown"[^>]+href="([^"]+)"/g)].map(
    (match) => match[1] as string,
  )
  return [...scripts, ...twins].map((href) => new URL(href, origin).href).filter((href) => href.startsWith(origin))
}

test('no served document names the default port; pages, twins and contracts name this server', async () => {
  const sitemap = await text(`${origin}/sitemap.xml`)
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string)
  expect(pages.length).toBeGreaterThan(10)
  for (const page of pages) expect(page.startsWith(`${origin}/`), page).toBe(true)

  const llms = await text(`${origin}/llms.txt`)
  const twins = [...llms.matchAll(/\]\(([^)]+\.md)\)/g)].map((match) => match[1] as string)
  expect(twins.length).toBeGreaterThan(10)

  const documents = new Set<string>([
    `${origin}/sitemap.xml`,
    `${origin}/llms.txt`,
    `${origin}/llms-full.txt`,
    `${origin}/search-index.json`,
    `${origin}/openapi/open-api.yaml`,
    `${origin}/openapi/open-api-beta.yaml`,
    `${origin}/openapi/storefront-api.yaml`,
    ...pages,
    ...twins,
  ])
  for (const page of pages) for (const linked of linkedDocuments(await text(page))) documents.add(linked)

  const offenders: string[] = []
  let namingThisServer = 0
  for (const url of documents) {
    const raw = await text(url)
    // A page's text without its markup too: highlighting must not split an origin across elements.
    const body = raw.trimStart().startsWith('<!doctype') ? `${raw}\n${raw.replace(/<[^>]+>/g, '')}` : raw
    const found = body.match(defaultAddress)
    if (found) offenders.push(`${url}: …${body.slice(Math.max(0, (found.index ?? 0) - 60), (found.index ?? 0) + 40)}…`)
    if (body.includes(origin)) namingThisServer++
  }
  expect(offenders, 'documents naming the default address').toEqual([])
  // The guides' samples, the reference and the contracts all name this server.
  expect(namingThisServer).toBeGreaterThan(20)
  const contract = await text(`${origin}/openapi/open-api.yaml`)
  expect(contract).toContain(`url: ${origin}/open-api/v1.0`)
})

test('the 404 page names this server and says what it is', async ({ page }) => {
  const response = await page.goto('/no/such/page/')
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle(/not found/i)
  expect(await page.content()).not.toMatch(defaultAddress)
})

test('search works on the index this server serves', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/search/?q=checkout')
  await expect(page.locator('#__docusaurus_skipToContent_fallback a[href^="/storefront/"]').first()).toBeVisible({
    timeout: 30_000,
  })
  expect(errors).toEqual([])
})
