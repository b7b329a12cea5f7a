import { expect, test } from '@playwright/test'
import sharp from 'sharp'
import { day, owner, ownerPage, product, shop, target } from '../first-day.ts'
import { fanshelf, origin } from '../server.ts'

/**
 * Steps 1–4: the operator creates the shop; the owner sets a password, adds a product with an image
 * and creates the storefront token. (Steps of onboarding.spec.ts, in order.)
 */
export function shopSetupSteps(): void {
  test('1. the operator creates the shop and its owner with the CLI; shop list shows it', () => {
    const created = fanshelf(target, [
      'shop',
      'create',
      '--name',
      shop.name,
      '--domain',
      shop.domain,
      '--currency',
      shop.currency,
      '--owner-email',
      owner.email,
      '--owner-name',
      owner.name,
    ])
    expect(created.stderr).toBe('')
    expect(created.status).toBe(0)
    expect(created.stdout).toContain(`Created shop "${shop.name}"`)
    expect(created.stdout).toContain(`owner     ${owner.email} (SUPER_ADMIN, no password yet)`)
    // The link names the server's PUBLIC_URL (recorded in DATA_DIR/server.json), not the CLI's default.
    const link = /^ {2}(\S+\/admin\/set-password\?token=fsal_\S+)$/m.exec(created.stdout)?.[1]
    expect(link, created.stdout).toBeDefined()
    expect(link?.startsWith(`${origin}/admin/set-password?token=`)).toBe(true)
    day.setPasswordUrl = link as string

    const listed = fanshelf(target, ['shop', 'list'])
    expect(listed.status).toBe(0)
    const [header, ...rows] = listed.stdout.trimEnd().split('\n')
    expect(header).toMatch(/^ID\s+NAME\s+DOMAIN\s+CURRENCY\s+OWNER\s+PEOPLE$/)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatch(
      new RegExp(`^sh_\\S+\\s+${shop.name.replace('&', '\\&')}\\s+${shop.domain}\\s+EUR\\s+${owner.email}\\s+1$`),
    )
  })

  test('2. the owner opens the link, sets a password and is in the admin; the link works once', async () => {
    const page = ownerPage
    await page.goto(day.setPasswordUrl)
    await expect(page.getByRole('heading', { name: 'Set the password of your shop’s admin' })).toBeVisible()
    await expect(page.getByText(`${owner.email} · ${shop.name}`)).toBeVisible()
    // A slip is said on the page, and the link still works.
    await page.getByLabel('New password').fill(owner.password)
    await page.getByLabel('Repeat the password').fill(`${owner.password}!`)
    await page.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('The two passwords differ. Enter the same password twice.')
    await page.getByLabel('New password').fill(owner.password)
    await page.getByLabel('Repeat the password').fill(owner.password)
    await page.getByRole('button', { name: 'Set password and sign in' }).click()

    await expect(page).toHaveURL(`${origin}/admin/orders`)
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expect(page.locator('.topbar__shop')).toHaveText(shop.name)
    await expect(page.locator('.topbar__user')).toContainText('Super-admin')
    const sections = page.getByRole('navigation', { name: 'Sections' })
    for (const name of ['Orders', 'Products', 'People', 'Shop settings', 'Developer settings']) {
      await expect(sections.getByRole('link', { name })).toBeVisible()
    }

    // Used: the same link is dead, in any browser.
    const again = await fetch(day.setPasswordUrl)
    expect(again.status).toBe(410)
    expect(await again.text()).toContain('This link no longer works')
  })

  test('3. the owner uploads an image and creates a product with it in the product form', async () => {
    const page = ownerPage
    // A photo as a phone would send it: a JPEG-sized PNG with EXIF (camera, copyright) to be stripped.
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 34, g: 85, b: 51 } } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 160, channels: 3, background: '#d9c7a3' } })
            .png()
            .toBuffer(),
          top: 120,
          left: 220,
        },
      ])
      .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Robin Cedar' } })
      .png()
      .toBuffer()
    expect((await sharp(png).metadata()).exif).toBeDefined()

    await page.goto('/admin/products/new')
    await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
    // A new shop's library is empty: the form asks for an upload, and the upload joins the product.
    await expect(page.getByRole('heading', { name: 'Your media library is empty' })).toBeVisible()
    await page
      .getByLabel('Upload images')
      .setInputFiles({ name: 'cedar-trail-shirt.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByText('cedar-trail-shirt.png: uploaded and added to the product.')).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Product images, in display order' }).getByRole('listitem'),
    ).toHaveCount(1)
    // What the library now holds, through the admin's own API (the signed-in page's session).
    const library = await page.evaluate(async () => (await fetch('/admin/api/media')).json())
    expect(library.total).toBe(1)
    const uploaded = library.results[0]
    expect(uploaded).toMatchObject({ name: 'cedar-trail-shirt.png', mediaType: 'image/png', width: 640, height: 480 })
    expect(uploaded.url).toMatch(new RegExp(`^${origin}/media/files/[^/]+\\.png$`))
    day.image.url = uploaded.url
    day.image.transformedUrl = uploaded.transformedUrl

    await page.getByLabel('Name', { exact: true }).fill(product.name)
    await expect(page.getByLabel('Slug')).toHaveValue(product.slug)
    await page.getByLabel('Description', { exact: true }).fill('Brushed cotton, cut for the trail.')

    const variant = page.locator('details.variant').first()
    await variant.getByLabel('SKU').fill(product.sku)
    await variant.getByLabel('Price (EUR)', { exact: true }).fill(String(product.price))
    await variant.getByLabel('Weight', { exact: true }).fill('0.3')
    await variant.getByLabel('Length').fill('30')
    await variant.getByLabel('Width').fill('25')
    await variant.getByLabel('Height').fill('3')
    await variant.getByRole('radio', { name: 'Limited', exact: true }).check()
    await variant.getByLabel('In stock').fill('12')
    await page.getByRole('button', { name: 'Create product' }).click()
    await expect(page.getByText('Product created.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  })

  test('4. the owner creates the storefront token in the developer settings', async () => {
    const page = ownerPage
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Developer settings' }).click()
    await page
      .getByRole('navigation', { name: 'Developer settings' })
      .getByRole('link', { name: 'Storefront API' })
      .click()
    await expect(page.getByRole('heading', { name: 'No storefront token' })).toBeVisible()
    await page.getByRole('button', { name: 'Create token' }).click()
    await expect(page.getByText('Token created.')).toBeVisible()
    day.storefrontToken = ((await page.getByTestId('storefront-token').textContent()) ?? '').trim()
    expect(day.storefrontToken).toMatch(/^ptkn_/)
  })
}
