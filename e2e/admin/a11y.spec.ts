import { expect, type Page, test } from '@playwright/test'
import { apiSession, seriousViolations, signIn, world } from './world.ts'

/**
 * axe-core on every admin page, at desktop and phone widths: no serious or critical violation.
 * Pages are checked once their content has loaded (a heading and no loading message).
 */

test.use({ baseURL: world().origin })

async function firstIds() {
  const { origin, owner } = world()
  const { cookie } = await apiSession(owner)
  const get = (path: string) => fetch(`${origin}/admin/api${path}`, { headers: { cookie } }).then((r) => r.json())
  const [orders, products, webhooks] = await Promise.all([
    get('/orders?size=1'),
    get('/products?size=1'),
    get('/webhooks?size=1'),
  ])
  return { orderId: orders.results[0].id, productId: products.results[0].id, webhookId: webhooks.results[0]?.id }
}

async function expectAccessible(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
  const violations = await seriousViolations(page)
  expect(violations, `${path}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`every admin page has no serious accessibility violation (${viewport.name})`, async ({ page }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(viewport)
    await page.goto('/admin/sign-in')
    await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await signIn(page, world().owner)
    const { orderId, productId, webhookId } = await firstIds()
    const paths = [
      '/admin/orders',
      `/admin/orders/${orderId}`,
      '/admin/products',
      `/admin/products/${productId}`,
      '/admin/products/new',
      '/admin/promotions',
      '/admin/promotions/new',
      '/admin/developer/api-users',
      '/admin/developer/storefront',
      '/admin/developer/webhooks',
      '/admin/developer/webhooks/new',
      '/admin/developer/platform-apps',
      '/admin/developer/audit-log',
      '/admin/nowhere',
    ]
    if (webhookId) paths.push(`/admin/developer/webhooks/${webhookId}`, `/admin/developer/webhooks/${webhookId}/edit`)
    for (const path of paths) await expectAccessible(page, path)

    // A form showing its errors, and an open confirmation dialog.
    await page.goto('/admin/promotions/new')
    await page.getByRole('button', { name: 'Create promotion' }).click()
    await expect(page.getByText('Required').first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.goto('/admin/developer/storefront')
    await page.getByRole('button', { name: 'Regenerate' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
}
