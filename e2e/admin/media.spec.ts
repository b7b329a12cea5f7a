import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { apiSession, signIn, world } from './world.ts'

/**
 * Uploading images in the product form (issue 22, decision 0036), as the demo shop's super-admin:
 * one chosen with the keyboard through the "Upload images" button, others dropped on the drop zone
 * (one of them not an image, one too large to send); the uploads join the library and the new
 * product, and the storefront API answers the product with the uploaded image, served as stored.
 * Then the same form on a 390 px phone.
 */

test.use({ baseURL: world().origin })

/** A PNG of the given size drawn by sharp, with a band so it is not one flat colour. */
async function png(width: number, height: number, background: string): Promise<Buffer> {
  const band = await sharp({ create: { width, height: Math.ceil(height / 4), channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background } })
    .composite([{ input: band, top: Math.floor(height / 2), left: 0 }])
    .png()
    .toBuffer()
}

/** Files in a DataTransfer built in the page, as a drag from the desktop carries them. */
async function dataTransfer(page: Page, files: { name: string; type: string; base64?: string; size?: number }[]) {
  return page.evaluateHandle((entries) => {
    const transfer = new DataTransfer()
    for (const entry of entries) {
      const bytes = entry.base64
        ? Uint8Array.from(atob(entry.base64), (c) => c.charCodeAt(0))
        : new Uint8Array(entry.size ?? 0)
      transfer.items.add(new File([bytes], entry.name, { type: entry.type }))
    }
    return transfer
  }, files)
}

/** Every image of a locator has loaded (a broken URL leaves naturalWidth at 0). */
async function expectLoaded(images: Locator, count: number) {
  await expect(images).toHaveCount(count)
  for (let i = 0; i < count; i++) {
    await expect
      .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
  }
}

test('a super-admin uploads images by button and by drop, and sells a product with them', async ({ page }) => {
  const { origin, owner } = world()
  const prefix = `e2e-upload-${Date.now()}`
  const chosen = { name: `${prefix}-front.png`, bytes: await png(640, 480, '#1f5c3a') }
  const dropped = { name: `${prefix}-back.png`, bytes: await png(300, 200, '#5b3a99') }
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/admin/api/media')) sent.push(request.url())
  })

  await signIn(page, owner, '/admin/products/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
  const images = page.getByRole('list', { name: 'Product images, in display order' })

  // The button is a file input with a visible label: reached and opened with the keyboard.
  const input = page.getByLabel('Upload images', { exact: true })
  await expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/svg+xml')
  await input.focus()
  const chooser = page.waitForEvent('filechooser')
  await page.keyboard.press('Space')
  await (await chooser).setFiles({ name: chosen.name, mimeType: 'image/png', buffer: chosen.bytes })
  await expect(page.getByText(`${chosen.name}: uploaded and added to the product.`)).toBeVisible()
  await expect(images.getByRole('listitem')).toHaveCount(1)

  // A drop: an image, a text file named like one, and a file over 20 MB (refused before sending).
  const zone = page.getByRole('group', { name: 'New images for the media library' })
  const files = await dataTransfer(page, [
    { name: dropped.name, type: 'image/png', base64: dropped.bytes.toString('base64') },
    { name: `${prefix}-notes.png`, type: 'image/png', base64: Buffer.from('just some notes').toString('base64') },
    { name: `${prefix}-huge.png`, type: 'image/png', size: 21 * 1024 * 1024 },
  ])
  await zone.dispatchEvent('dragenter', { dataTransfer: files })
  await expect(zone).toHaveClass(/drop-zone--active/)
  await zone.dispatchEvent('drop', { dataTransfer: files })
  await expect(zone).not.toHaveClass(/drop-zone--active/)
  await expect(page.getByText(`${dropped.name}: uploaded and added to the product.`)).toBeVisible()
  await expect(
    page.getByText(
      `${prefix}-notes.png: The file is not an image we accept: upload a JPEG, PNG, WebP, GIF, AVIF or SVG image.`,
    ),
  ).toBeVisible()
  await expect(page.getByText(`${prefix}-huge.png is 21.0 MB; an image may be at most 20 MB.`)).toBeVisible()
  expect(sent.some((url) => url.includes('huge'))).toBe(false)
  expect(sent.map((url) => new URL(url).searchParams.get('name'))).toEqual([
    chosen.name,
    dropped.name,
    `${prefix}-notes.png`,
  ])
  await expect(images.getByRole('listitem')).toHaveCount(2)
  await expectLoaded(images.locator('img'), 2)
  await page.getByRole('button', { name: 'Clear the upload list' }).click()
  await expect(page.getByRole('list', { name: 'Uploads' })).toHaveCount(0)

  // The library has both, newest first, named, with thumbnails that load; both are in the product.
  await page.getByRole('button', { name: 'Add images from the library' }).click()
  const library = page.getByRole('dialog', { name: 'Media library' })
  await library.getByRole('searchbox', { name: 'Search images' }).fill(prefix)
  await expect(library.getByRole('img')).toHaveCount(2)
  await expect(library.getByRole('img').nth(0)).toHaveAttribute('alt', dropped.name)
  await expect(library.getByRole('img').nth(1)).toHaveAttribute('alt', chosen.name)
  await expectLoaded(library.getByRole('img'), 2)
  await expect(library.getByRole('button', { name: `Added ${chosen.name}` })).toBeDisabled()
  await library.getByRole('button', { name: 'Done' }).click()

  await page.getByLabel('Name', { exact: true }).fill(`Uploaded Poster ${prefix}`)
  await page.getByLabel('Description', { exact: true }).fill('A poster whose pictures were uploaded in the browser.')
  const variant = page.locator('details.variant').first()
  await variant.getByLabel('SKU').fill(prefix.toUpperCase())
  await variant.getByLabel('Price (USD)', { exact: true }).fill('12')
  await variant.getByLabel('Weight', { exact: true }).fill('0.2')
  for (const label of ['Length', 'Width', 'Height']) await variant.getByLabel(label).fill('10')
  await variant.getByRole('radio', { name: 'Limited', exact: true }).check()
  await variant.getByLabel('In stock').fill('5')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Product created.')).toBeVisible()
  await expectLoaded(images.locator('img'), 2)

  // The storefront API answers the product with the uploaded images, and their URLs serve them.
  const { cookie, csrfToken } = await apiSession(owner)
  let token = (await (await fetch(`${origin}/admin/api/storefront-token`, { headers: { cookie } })).json()).token
  if (!token) {
    const created = await fetch(`${origin}/admin/api/storefront-token`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrfToken },
    })
    token = (await created.json()).token
  }
  const slug = `uploaded-poster-${prefix}`
  const answer = await fetch(`${origin}/v1/products/${slug}?storefront_token=${encodeURIComponent(token.value)}`)
  expect(answer.status).toBe(200)
  const product = (await answer.json()) as {
    images: { url: string; transformedUrl: string; width: number; height: number }[]
  }
  expect(product.images.map(({ width, height }) => [width, height])).toEqual([
    [640, 480],
    [300, 200],
  ])
  const [front] = product.images
  const original = await fetch(front?.url ?? '')
  expect(original.status).toBe(200)
  expect(original.headers.get('content-type')).toBe('image/png')
  expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: 640, height: 480 })
  const narrow = await fetch(front?.transformedUrl ?? '')
  expect(narrow.status).toBe(200)
  expect((await sharp(Buffer.from(await narrow.arrayBuffer())).metadata()).width).toBe(600)
})

test('on a 390 px phone the drop zone and its button stack, and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, world().staff, '/admin/products/new')
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible()
  const zone = page.getByRole('group', { name: 'New images for the media library' })
  const button = zone.locator('.upload-button')
  await expect(button).toBeVisible()
  const [zoneBox, buttonBox] = [await zone.boundingBox(), await button.boundingBox()]
  const hint = await zone.locator('.drop-zone__hint').boundingBox()
  // Stacked: the button under the hint, as wide as the zone's content.
  expect(buttonBox && hint && buttonBox.y >= hint.y + hint.height).toBe(true)
  expect(buttonBox && zoneBox && buttonBox.width > zoneBox.width - 48).toBe(true)
  expect(zoneBox && zoneBox.x + zoneBox.width <= 390).toBe(true)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
})
