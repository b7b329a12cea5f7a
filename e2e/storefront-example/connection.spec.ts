import { expect, type Page, test } from '@playwright/test'
import { apiOrigin, demoShop } from './servers.ts'

/**
 * The example storefront before the shop renders: it finds the local server by itself (nothing
 * configured), and when it cannot use it, it says within a few seconds which origin it tried, what
 * failed and what to do — never "Loading products…" forever.
 */

/** The storefront's first call: GET /v1/shop on the API. */
const shopCall = (url: URL) => url.origin === apiOrigin && url.pathname === '/v1/shop'

async function expectHelp(page: Page, title: string, failure: RegExp | string, advice: string[]) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 7_000 })
  await expect(page.getByRole('alert')).toContainText(`Tried ${apiOrigin}:`)
  await expect(page.getByRole('alert')).toContainText(failure)
  for (const text of advice) await expect(page.getByRole('main')).toContainText(text)
  await expect(page.getByText(/Loading|Connecting/)).toHaveCount(0)
}

test('the preview server names the local server and its demo token, found through DATA_DIR', async ({ request }) => {
  const answer = await request.get('/fanshelf-local-server.json')
  expect(answer.status()).toBe(200)
  expect(await answer.json()).toEqual({ origin: apiOrigin, storefrontToken: demoShop().storefrontToken })
})

test('a server that refuses the connection: names the origin, the network error and npm start', async ({ page }) => {
  await page.route(shopCall, (route) => route.abort('connectionrefused'))
  await page.goto('/')
  await expectHelp(page, 'Cannot reach Fanshelf', 'network error', ['npm start', 'VITE_FANSHELF_ORIGIN'])
})

test('a server that never answers: gives up after a few seconds and says so', async ({ page }) => {
  // Held without an answer, as a host that drops packets does.
  await page.route(shopCall, () => {})
  const started = Date.now()
  await page.goto('/')
  await expectHelp(page, 'Cannot reach Fanshelf', 'no answer within 4 s', ['npm start', 'VITE_FANSHELF_ORIGIN'])
  expect(Date.now() - started).toBeLessThan(8_000)
})

test('a token the server refuses: shows the 401 and how to set the token', async ({ page }) => {
  // The real server's answer to a stale token (rotated in the admin, or another database's).
  await page.route(shopCall, (route) => {
    const url = new URL(route.request().url())
    url.searchParams.set('storefront_token', 'ptkn_stale_token_of_another_database')
    return route.continue({ url: url.toString() })
  })
  await page.goto('/')
  await expectHelp(page, 'The storefront token was refused', '401 STOREFRONT_TOKEN_INVALID', [
    'VITE_FANSHELF_STOREFRONT_TOKEN',
    'npx fanshelf demo-credentials',
  ])
})
