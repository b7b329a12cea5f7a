import { expect, test } from '@playwright/test'
import { expectFitsAndAccessible, looks } from '../page-checks.ts'
import { fillCheckoutForm } from './checkout-form.ts'
import { type RunningServer, startServer } from './server.ts'

/**
 * The hosted checkout's pages — the checkout (empty, then showing its errors), the confirmation,
 * a message page and a giveaway's gift page — at a phone's and a laptop's size, in light and dark mode: no serious or
 * critical axe violation and no sideways scroll; plus a screenshot baseline of the checkout.
 */

let server: RunningServer

test.beforeAll(async () => {
  server = await startServer()
})
test.afterAll(() => {
  server?.stop()
})

async function newCart(): Promise<string> {
  const storefront = async (path: string, init: RequestInit = {}) => {
    const separator = path.includes('?') ? '&' : '?'
    const response = await fetch(
      `${server.origin}/v1${path}${separator}storefront_token=${server.demo.storefrontToken}`,
      {
        ...init,
        headers: { 'content-type': 'application/json' },
      },
    )
    expect(response.status, await response.clone().text()).toBe(200)
    return response.json()
  }
  const tee = (await storefront('/products/pixel-pines-logo-tee')) as { variants: { id: string }[] }
  const cart = (await storefront('/carts?currency=USD', {
    method: 'POST',
    body: JSON.stringify({ items: [{ variantId: tee.variants[0]?.id, quantity: 1 }] }),
  })) as { id: string }
  return `${server.origin}/checkout/?cartCurrency=USD&cartId=${cart.id}`
}

/** A fresh giveaway link of the demo tee (the gift page a winner opens). */
async function giveawayLink(): Promise<string> {
  const tee = (await (
    await fetch(`${server.origin}/v1/products/pixel-pines-logo-tee?storefront_token=${server.demo.storefrontToken}`)
  ).json()) as { id: string }
  const created = await fetch(`${server.origin}/open-api/v1.0/giveaway-links`, {
    method: 'POST',
    headers: { authorization: server.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ productId: tee.id, number: 1 }),
  })
  expect(created.status, await created.clone().text()).toBe(200)
  const [link] = ((await created.json()) as { giveawayLinks: { link: string }[] }).giveawayLinks
  return link?.link ?? ''
}

for (const { colorScheme, viewport } of looks) {
  test.describe(`${viewport.name}, ${colorScheme}`, () => {
    test.use({ colorScheme, viewport: { width: viewport.width, height: viewport.height } })

    test('checkout, its errors, the confirmation, a message page and the gift page fit and pass axe', async ({
      page,
    }) => {
      await page.goto(await newCart())
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
      await expectFitsAndAccessible(page, 'the checkout')

      await page.getByRole('button', { name: /^Pay / }).click()
      await expect(page.getByRole('alert')).toContainText('Enter an email address')
      await expectFitsAndAccessible(page, 'the checkout with errors')

      await fillCheckoutForm(page, `responsive.${viewport.name}.${colorScheme}@example.com`, '4242 4242 4242 4242')
      await page.getByRole('button', { name: /^Pay / }).click()
      await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
      await expectFitsAndAccessible(page, 'the confirmation')

      await page.goto(`${server.origin}/checkout/?cartCurrency=USD&cartId=00000000-0000-4000-8000-000000000000`)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectFitsAndAccessible(page, 'a message page')

      await page.goto(await giveawayLink())
      await expect(page.getByRole('heading', { name: 'Redeem your giveaway' })).toBeVisible()
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
      await expectFitsAndAccessible(page, 'the gift page')
    })

    test('the checkout looks as it did (screenshot baseline)', async ({ page }) => {
      await page.goto(await newCart())
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
      await expect(page).toHaveScreenshot(`checkout-${viewport.name}-${colorScheme}.png`, {
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        maxDiffPixelRatio: 0.02,
      })
    })
  })
}
