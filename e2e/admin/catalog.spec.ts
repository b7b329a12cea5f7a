import { expect, test } from '@playwright/test'
import { apiSession, signIn, startReceiver, world } from './world.ts'

/**
 * Products and promotions in the browser: the product form validates with the contract's rules
 * inline, an edit fires PRODUCT_UPDATED to a subscribed receiver, a new product takes images from
 * the library; a promotion form shows the API's rules inline and the API's refusals on its fields.
 */

test.use({ baseURL: world().origin })

async function subscribe(url: string, allowedTypes: string[]) {
  const { origin, owner } = world()
  const { cookie, csrfToken } = await apiSession(owner)
  const response = await fetch(`${origin}/admin/api/webhooks`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ url, allowedTypes }),
  })
  expect(response.status).toBe(201)
}

test('editing a product validates inline and fires PRODUCT_UPDATED', async ({ page }) => {
  const receiver = await startReceiver()
  try {
    await subscribe(receiver.url, ['PRODUCT_UPDATED'])
    await signIn(page, world().staff, '/admin/products')
    await page.getByRole('searchbox', { name: 'Search products' }).fill('scarf')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByRole('link', { name: 'Winter Pines Scarf' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Winter Pines Scarf' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save product' })).toBeDisabled()

    // The contract's rules, checked before anything is sent.
    await page.getByLabel('Slug').fill('Not a slug!')
    await page.getByRole('button', { name: 'Save product' }).click()
    await expect(page.getByText(/Invalid format — URL handle/)).toBeVisible()
    await page.getByLabel('Slug').fill('winter-pines-scarf')

    const variant = page.locator('details.variant').first()
    await variant.locator('summary').click()
    const price = variant.getByLabel('Price (USD)', { exact: true })
    await price.fill('')
    await page.getByRole('button', { name: 'Save product' }).click()
    await expect(variant.getByText('Required')).toBeVisible()
    await price.fill('31.5')
    await page.getByLabel('Name', { exact: true }).fill('Winter Pines Scarf (2026)')
    await page.getByRole('button', { name: 'Save product' }).click()
    await expect(page.getByText('Product saved.')).toBeVisible()

    const webhook = await receiver.waitFor((w) => w.body.includes('Winter Pines Scarf (2026)'))
    const envelope = JSON.parse(webhook.body) as {
      type: string
      data: { product: { name: string; variants: { unitPrice: { value: number } }[] } }
    }
    expect(envelope.type).toBe('PRODUCT_UPDATED')
    expect(envelope.data.product.variants[0]?.unitPrice.value).toBe(31.5)
  } finally {
    await receiver.close()
  }
})

test('a new product with variants and a library image, then the server refuses a taken slug on its field', async ({
  page,
}) => {
  await signIn(page, world().owner, '/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill('Glow Pin')
  await expect(page.getByLabel('Slug')).toHaveValue('glow-pin')
  await page.getByLabel('Description', { exact: true }).fill('A pin that glows.')
  await page.getByRole('button', { name: 'Add images from the library' }).click()
  const library = page.getByRole('dialog', { name: 'Media library' })
  await library.getByRole('searchbox', { name: 'Search images' }).fill('pin')
  await library.getByRole('button', { name: /^Add / }).first().click()
  await library.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('list', { name: 'Product images, in display order' }).getByRole('listitem')).toHaveCount(
    1,
  )

  const variant = page.locator('details.variant').first()
  await variant.getByLabel('SKU').fill('GLOW-PIN')
  await variant.getByLabel('Price (USD)', { exact: true }).fill('9')
  await variant.getByLabel('Weight', { exact: true }).fill('0.02')
  await variant.getByLabel('Length').fill('4')
  await variant.getByLabel('Width').fill('4')
  await variant.getByLabel('Height').fill('1')
  await variant.getByRole('radio', { name: 'Limited', exact: true }).check()
  await variant.getByLabel('In stock').fill('25')
  await page.getByRole('button', { name: 'Create product' }).click()
  await expect(page.getByText('Product created.')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Glow Pin' })).toBeVisible()

  await page.goto('/admin/products/new')
  await page.getByLabel('Name', { exact: true }).fill('Glow Pin')
  const second = page.locator('details.variant').first()
  await second.getByLabel('SKU').fill('GLOW-PIN-2')
  await second.getByLabel('Price (USD)', { exact: true }).fill('9')
  await second.getByLabel('Weight', { exact: true }).fill('0.02')
  for (const label of ['Length', 'Width', 'Height']) await second.getByLabel(label).fill('1')
  await page.getByRole('button', { name: 'Create product' }).click()
  // The server's refusal lands on the field it names.
  const slug = page.getByLabel('Slug')
  await expect(slug).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('.field__error')).toHaveText(
    'Another product of the shop already uses the slug "glow-pin".',
  )
})

test('promotions: inline rules, the API’s refusal on its field, then a live promotion in the list', async ({
  page,
}) => {
  await signIn(page, world().owner, '/admin/promotions/new')
  await page.getByLabel('Code', { exact: true }).fill('x')
  await page.getByRole('spinbutton', { name: 'Percentage off' }).fill('150')
  await page.getByRole('button', { name: 'Create promotion' }).click()
  await expect(page.getByText(/Invalid format — A discount code/)).toBeVisible()
  await expect(page.getByText('Must be at most 100')).toBeVisible()

  // A code another promotion of the shop uses: only the server knows; its answer lands on the field.
  const { origin, owner } = world()
  const { cookie } = await apiSession(owner)
  const existing = await fetch(`${origin}/admin/api/promotions?size=1`, { headers: { cookie } }).then((r) => r.json())
  const taken = (existing.results[0].code ?? existing.results[0].codes[0].code) as string
  await page.getByLabel('Code', { exact: true }).fill(taken)
  await page.getByRole('spinbutton', { name: 'Percentage off' }).fill('15')
  await page.getByRole('button', { name: 'Create promotion' }).click()
  await expect(page.getByText(`The code ${taken} is already used by another promotion.`)).toBeVisible()

  await page.getByLabel('Code', { exact: true }).fill('E2E-SPRING')
  await page.getByLabel('Title (optional)').fill('E2E spring sale')
  await page.getByLabel('Maximum uses (optional)').fill('50')
  await page.getByRole('checkbox', { name: 'Once per customer (by email)' }).check()
  await page.getByRole('button', { name: 'Create promotion' }).click()
  await expect(page).toHaveURL(/\/admin\/promotions$/)
  const row = page.getByRole('row', { name: /E2E spring sale/ })
  await expect(row.getByText('15% off')).toBeVisible()
  await expect(row.getByText('Live')).toBeVisible()
  await row.getByRole('button', { name: /^End/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'End promotion' }).click()
  await expect(row.getByText('Ended')).toBeVisible()
})
