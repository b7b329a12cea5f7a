import { expect, type Page, test } from '@playwright/test'
import { looks } from '../page-checks.ts'
import { apiSession, signIn, world } from './world.ts'

/**
 * Screenshot baselines of the admin's key screens — the orders list, an order, a webhook endpoint —
 * at a phone's and a laptop's size in light and dark mode, so a visual regression shows as a diff.
 * What changes from run to run (dates, the endpoint's id and secret hints) is masked. This file
 * runs before the specs that change orders (files run in name order, one worker).
 */

test.use({ baseURL: world().origin })

const screenshot = { fullPage: true, animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.02 } as const

/** One endpoint of our own (a fixed URL, no events sent to it) whose page the baseline shows. */
async function screenshotWebhook(): Promise<string> {
  const { origin, owner } = world()
  const { cookie, csrfToken } = await apiSession(owner)
  const headers = { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' }
  const list = await fetch(`${origin}/admin/api/webhooks?size=100`, { headers }).then((r) => r.json())
  const url = 'https://hooks.example.com/fanshelf/appearance'
  const existing = (list.results as { id: string; url: string }[]).find((webhook) => webhook.url === url)
  if (existing) return existing.id
  const created = await fetch(`${origin}/admin/api/webhooks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ url, allowedTypes: ['GIFT_PURCHASE'] }),
  })
  expect(created.status, await created.clone().text()).toBeLessThan(300)
  return ((await created.json()) as { id: string }).id
}

async function settle(page: Page, heading: RegExp | string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
}

for (const { colorScheme, viewport } of looks) {
  test.describe(`${viewport.name}, ${colorScheme}`, () => {
    test.use({ colorScheme, viewport: { width: viewport.width, height: viewport.height } })

    test('orders, an order and a webhook endpoint look as they did', async ({ page }) => {
      const webhookId = await screenshotWebhook()
      await signIn(page, world().owner, '/admin/orders')
      await settle(page, 'Orders')
      await expect(page).toHaveScreenshot(`orders-${viewport.name}-${colorScheme}.png`, {
        ...screenshot,
        mask: [page.locator('tbody td:nth-child(2)')],
      })

      await page.locator('tbody tr').last().getByRole('link').click()
      await settle(page, /^Order #/)
      await expect(page).toHaveScreenshot(`order-${viewport.name}-${colorScheme}.png`, {
        ...screenshot,
        mask: [page.locator('time'), page.getByText(/\d{4}|\d{1,2}:\d{2}/)],
      })

      await page.goto(`/admin/developer/webhooks/${webhookId}`)
      await settle(page, 'Endpoint')
      await expect(page).toHaveScreenshot(`webhook-${viewport.name}-${colorScheme}.png`, {
        ...screenshot,
        mask: [page.locator('code'), page.locator('time'), page.getByText(/\d{4}|\d{1,2}:\d{2}/)],
      })
    })
  })
}
