import { expect, test } from '@playwright/test'
import { watchContentSecurityPolicy } from '../csp.ts'
import { fillCheckoutForm } from './checkout-form.ts'
import { type RunningServer, startServer } from './server.ts'

/**
 * The hosted checkout under its Content-Security-Policy (decision 0013): its one stylesheet by
 * hash, its client bundle from this origin, no framing. A whole purchase trips nothing.
 */

let server: RunningServer

test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(() => {
  server?.stop()
})

async function storefront<T>(path: string, init: RequestInit = {}): Promise<T> {
  const separator = path.includes('?') ? '&' : '?'
  const response = await fetch(
    `${server.origin}/v1${path}${separator}storefront_token=${server.demo.storefrontToken}`,
    {
      ...init,
      headers: { 'content-type': 'application/json' },
    },
  )
  expect(response.status, await response.clone().text()).toBe(200)
  return (await response.json()) as T
}

test('checkout, a refused code and the confirmation page run without a policy violation', async ({ page }) => {
  const csp = await watchContentSecurityPolicy(page)
  const tee = await storefront<{ variants: { id: string }[] }>('/products/pixel-pines-logo-tee')
  const cart = await storefront<{ id: string }>('/carts?currency=USD', {
    method: 'POST',
    body: JSON.stringify({ items: [{ variantId: tee.variants[0]?.id, quantity: 1 }] }),
  })

  const response = await page.goto(`${server.origin}/checkout/?cartCurrency=USD&cartId=${cart.id}`)
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toContain("frame-ancestors 'none'")
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()

  await fillCheckoutForm(page, 'csp.e2e@example.com', '4242 4242 4242 4242')

  await page.getByLabel('Discount code').fill('NO-SUCH-CODE')
  await page.getByRole('button', { name: 'Apply discount' }).click()
  await expect(page.locator('#f-promotionCode-error')).toBeVisible()
  await page.getByLabel('Discount code').fill('')
  await page.getByRole('button', { name: 'Apply discount' }).click()
  await expect(page.locator('#f-promotionCode-error')).toBeHidden()

  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
  expect(csp.violations).toEqual([])
})
