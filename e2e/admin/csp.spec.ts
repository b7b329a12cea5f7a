import { expect, test } from '@playwright/test'
import { watchContentSecurityPolicy } from '../csp.ts'
import { signIn, world } from './world.ts'

/**
 * The admin under its Content-Security-Policy (decision 0013): scripts and styles from this origin
 * only, no framing. Signing in and working in the signed-in pages trips nothing.
 */

test.use({ baseURL: world().origin })

test('the admin SPA, signed out and signed in, runs without a policy violation', async ({ page }) => {
  const csp = await watchContentSecurityPolicy(page)
  const { owner } = world()
  const first = await page.goto('/admin/')
  const policy = first?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("frame-ancestors 'none'")
  // Signed out, the SPA sends the browser on to the one sign-in page (decision 0052).
  await expect(page).toHaveURL(/\/admin\/sign-in\?return_to=%2Fadmin%2F$/)

  await signIn(page, owner, '/admin/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  // Product rows show their images (the media library, from this origin).
  await expect(page.locator('main img').first()).toBeVisible()
  for (const [path, heading] of [
    ['/admin/orders', 'Orders'],
    ['/admin/developer/webhooks', 'Webhooks'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
  expect(csp.violations).toEqual([])
})

test('the server-rendered sign-in page runs without a policy violation', async ({ page }) => {
  const csp = await watchContentSecurityPolicy(page)
  const response = await page.goto('/admin/sign-in')
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'")
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  expect(csp.violations).toEqual([])
})
