import type { ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { fillCheckoutForm } from '../../checkout/checkout-form.ts'
import { startFanshelf } from '../../fanshelf-start.ts'
import {
  day,
  expectFitsPhone,
  getWithHost,
  ownerPage,
  phonePage,
  product,
  type StorefrontProduct,
  sha256,
  shop,
  staff,
  storefront,
  target,
  watch,
} from '../first-day.ts'
import { onPostgres, operatorEnv, origin, port, stopAndWait } from '../server.ts'

/**
 * Steps 5–6: the product sells through the storefront and the checkout; staff are invited and sign in
 * on their phone. (Steps of onboarding.spec.ts, in order.)
 */
export function sellingAndStaffSteps(): void {
  test('5. the product is in the storefront API with its image, in the feed, and sells through the checkout', async ({
    browser,
  }) => {
    const answer = await storefront(`/products/${product.slug}`)
    expect(answer.status).toBe(200)
    const listed = (await answer.json()) as StorefrontProduct
    expect(listed).toMatchObject({ name: product.name, slug: product.slug })
    expect(listed.images).toEqual([
      expect.objectContaining({
        url: day.image.url,
        transformedUrl: day.image.transformedUrl,
        width: 640,
        height: 480,
      }),
    ])
    expect(listed.variants[0]?.unitPrice).toEqual({ value: product.price, currency: 'EUR' })
    const collection = (await (await storefront('/collections/all/products')).json()) as { results: { slug: string }[] }
    expect(collection.results.map((p) => p.slug)).toEqual([product.slug])

    // The image, as a browser or CDN fetches it: a PNG without the EXIF it was uploaded with.
    const image = await fetch(day.image.url)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const bytes = Buffer.from(await image.arrayBuffer())
    const served = await sharp(bytes).metadata()
    expect(served).toMatchObject({ format: 'png', width: 640, height: 480 })
    expect(served.exif).toBeUndefined()
    day.image.sha256 = sha256(bytes)
    const narrow = await fetch(day.image.transformedUrl)
    expect(narrow.status).toBe(200)
    expect((await sharp(Buffer.from(await narrow.arrayBuffer())).metadata()).width).toBeLessThan(640)

    if (onPostgres) {
      // The cluster: a second API node on the same database serves the same product and image bytes.
      const secondPort = port + 1
      const second: ChildProcess = await startFanshelf({
        origin: `http://127.0.0.1:${secondPort}`,
        dataDir: path.join(target.workDir, 'data-node-2'),
        env: {
          ...operatorEnv(target),
          DATA_DIR: path.join(target.workDir, 'data-node-2'),
          PORT: String(secondPort),
          SECRET_KEY: fs.readFileSync(path.join(target.dataDir, 'secret.key'), 'utf8').trim(),
        },
        demo: false,
      })
      try {
        const node2 = `http://127.0.0.1:${secondPort}`
        const viaNode2 = await storefront(`/products/${product.slug}`, {}, node2)
        expect(viaNode2.status).toBe(200)
        expect(((await viaNode2.json()) as StorefrontProduct).images[0]?.url).toBe(day.image.url)
        const imageViaNode2 = await fetch(day.image.url.replace(origin, node2))
        expect(imageViaNode2.status).toBe(200)
        expect(sha256(Buffer.from(await imageViaNode2.arrayBuffer()))).toBe(day.image.sha256)
      } finally {
        await stopAndWait(second.pid)
      }
    }

    // The product feed of the shop's domain (the Host a merchant centre fetches it with).
    const feed = await getWithHost('/.well-known/merchant-center/rss.xml', shop.domain)
    expect(feed.status).toBe(200)
    expect(feed.type).toMatch(/xml/)
    expect(feed.body).toContain(`<title>${shop.name.replace('&', '&amp;')}</title>`)
    expect(feed.body).toContain(product.name)
    expect(feed.body).toContain(day.image.url)
    expect(feed.body).toContain(product.sku)
    expect((await getWithHost('/.well-known/merchant-center/rss.xml', 'no-such-shop.example')).status).toBe(404)

    // A cart from an outside storefront, then the hosted checkout in a shopper's browser, paid with the test card.
    const shopAnswer = (await (await storefront('/shop')).json()) as {
      name: string
      checkoutUrl: string
      currency: string
    }
    expect(shopAnswer).toMatchObject({ name: shop.name, currency: 'EUR' })
    const cartAnswer = await storefront('/carts?currency=EUR', {
      method: 'POST',
      body: JSON.stringify({ items: [{ variantId: listed.variants[0]?.id, quantity: 2 }] }),
    })
    expect(cartAnswer.status, await cartAnswer.clone().text()).toBe(200)
    const cart = (await cartAnswer.json()) as { id: string }
    const shopper = await browser.newContext({ baseURL: origin, locale: 'en-US' })
    try {
      const page = watch(await shopper.newPage())
      await page.goto(`${shopAnswer.checkoutUrl}?cartCurrency=EUR&cartId=${cart.id}`)
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached()
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
      const summary = page.getByRole('region', { name: 'Order summary' })
      await expect(summary).toContainText(product.name)
      await expect(page.getByText(shop.name).first()).toBeVisible()
      await fillCheckoutForm(page, 'first.customer@example.com', '4242 4242 4242 4242')
      await page.getByRole('button', { name: /^Pay / }).click()
      await expect(page).toHaveURL(/\/checkout\/orders\/[0-9a-f-]{36}$/)
      await expect(page.getByRole('heading', { name: 'Order confirmed' })).toBeVisible()
      day.orderId = page.url().split('/').pop() as string
    } finally {
      await shopper.close()
    }
    const after = (await (await storefront(`/products/${product.slug}`)).json()) as {
      variants: { stock: { type: string; inStock?: number } }[]
    }
    expect(after.variants[0]?.stock).toEqual({ type: 'LIMITED', inStock: 10 })
  })

  test('6. the owner invites staff; staff accept on their phone and sign in with STAFF rights', async ({ browser }) => {
    const page = ownerPage
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'People' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible()
    await page.getByLabel('Email').fill(staff.email)
    await page.getByLabel('Role').selectOption('STAFF')
    await page.getByRole('button', { name: 'Invite' }).click()
    // No SMTP_URL: the link is shown once, to pass on.
    await expect(page.getByRole('heading', { name: `Invitation for ${staff.email}` })).toBeVisible()
    await expect(page.getByText('This server sends no mail')).toBeVisible()
    const invitation = ((await page.getByTestId('invitation-url').textContent()) ?? '').trim()
    expect(invitation.startsWith(`${origin}/admin/set-password?token=fsal_`)).toBe(true)
    const row = page.getByRole('row', { name: new RegExp(staff.email) })
    await expect(row).toContainText('Invited')

    const { context, page: staffPage } = await phonePage(browser)
    try {
      await staffPage.goto(invitation)
      await expect(staffPage.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible()
      await expect(staffPage.getByText(`${staff.email} · ${shop.name}`)).toBeVisible()
      await expectFitsPhone(staffPage)
      await staffPage.getByLabel('New password').fill(staff.password)
      await staffPage.getByLabel('Repeat the password').fill(staff.password)
      await staffPage.getByRole('button', { name: 'Set password and sign in' }).click()
      await expect(staffPage).toHaveURL(`${origin}/admin/orders`)
      await expect(staffPage.locator('.topbar__user')).toContainText('Staff')
      await expectFitsPhone(staffPage)
      // On a phone the sections are behind the menu button (issue 21).
      await staffPage.getByRole('button', { name: 'Menu' }).click()
      const sections = staffPage.getByRole('navigation', { name: 'Sections' })
      await expect(sections.getByRole('link', { name: 'Products' })).toBeVisible()
      await expect(sections.getByRole('link', { name: 'People' })).toHaveCount(0)
      await expect(sections.getByRole('link', { name: 'Developer settings' })).toHaveCount(0)
      // By address, too: the developer settings say who may, and the backend refuses.
      await staffPage.goto('/admin/developer/api-users')
      await expect(
        staffPage.getByRole('heading', { name: 'Only a super-admin can manage developer settings' }),
      ).toBeVisible()
      const refused = await staffPage.evaluate(async () => (await fetch('/admin/api/people')).status)
      expect(refused).toBe(403)
      // What staff are for: the catalogue.
      await staffPage.goto('/admin/products')
      await expect(staffPage.getByRole('link', { name: product.name })).toBeVisible()
    } finally {
      await context.close()
    }

    await page.reload()
    await expect(page.getByRole('row', { name: new RegExp(staff.email) })).toContainText('Active')
  })
}
