import { createOpenApiClient, createStorefrontClient, type StorefrontSchemas } from '@fanshelf/sdk'
import { expect, type Page, test } from '@playwright/test'
import { apiOrigin, demoShop, storefrontOrigin } from './servers.ts'

/**
 * The example storefront in Chromium against the local server: browse a collection, pick a variant,
 * add to the cart, change quantities, switch currency, hand off to the hosted checkout and pay there,
 * ending with the order in the open API. The SDK (Node side) tells the test what the API answers.
 */

type Product = StorefrontSchemas['StorefrontProduct']
type Variant = StorefrontSchemas['StorefrontVariant']

const storefront = () => createStorefrontClient({ baseUrl: apiOrigin, storefrontToken: demoShop().storefrontToken })

function money(value: number, currency: string): string {
  const digits = currency === 'JPY' ? 0 : 2
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value)
}

const inStock = (variant: Variant, quantity: number) =>
  variant.stock.type === 'UNLIMITED' || variant.stock.inStock >= quantity

/** A public product of the collection with at least two variants in stock (the second is the one picked). */
async function productWithVariants(slug: string): Promise<{ product: Product; variant: Variant }> {
  for await (const product of storefront().paginate('listCollectionProducts', {
    path: { slug },
    query: { size: 50 },
  })) {
    const stocked = product.variants.filter((variant) => inStock(variant, 5))
    if (product.state.type === 'AVAILABLE' && product.variants.length >= 2 && stocked.length >= 2) {
      return { product, variant: stocked[1] as Variant }
    }
  }
  throw new Error(`No product with two variants in stock in collection ${slug}`)
}

/** Every request the page makes goes to the storefront or the local API: nothing from outside hosts. */
function recordHosts(page: Page): Set<string> {
  const origins = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.protocol.startsWith('http')) origins.add(url.origin)
  })
  return origins
}

test('browse → product → cart → quantities → currency → hosted checkout → order in the open API', async ({ page }) => {
  const origins = recordHosts(page)
  const shop = await storefront().getStorefrontShop()
  const collections = await storefront().paginate('listCollections').toArray()
  const collection = collections.find((c) => c.slug !== 'all') ?? collections[0]
  if (!collection) throw new Error('The demo shop has collections')
  const { product, variant } = await productWithVariants(collection.slug)

  // Home: the shop's name and its collections.
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${shop.name}` })).toBeVisible()

  // A collection and its products.
  await page.getByRole('link', { name: collection.name, exact: true }).first().click()
  await expect(page).toHaveURL(`${storefrontOrigin}/collections/${collection.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: collection.name })).toBeVisible()

  // The product page, in the shop's currency; pick the second variant.
  await page.getByRole('link', { name: product.name, exact: true }).first().click()
  await expect(page).toHaveURL(`${storefrontOrigin}/products/${product.slug}`)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  await page.getByRole('radio', { name: variant.name, exact: true }).check()
  await expect(page.locator('.price-current')).toHaveText(money(variant.unitPrice.value, shop.currency))

  // Add to cart: the cart drawer opens with the line.
  await page.getByRole('button', { name: 'Add to cart' }).click()
  const cart = page.getByRole('dialog', { name: 'Your cart' })
  await expect(cart).toBeVisible()
  await expect(cart.getByRole('link', { name: product.name })).toBeVisible()
  await expect(cart.getByText(variant.name, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cart (1)' })).toBeAttached()

  // Change the quantity: the + button, then typing a number.
  const label = `${product.name} – ${variant.name}`
  await cart.getByRole('button', { name: `Increase quantity of ${label}` }).click()
  const quantity = cart.getByRole('spinbutton', { name: `Quantity of ${label}` })
  await expect(quantity).toHaveValue('2')
  await quantity.fill('3')
  await quantity.press('Enter')
  await expect(quantity).toHaveValue('3')
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(money(variant.unitPrice.value * 3, shop.currency))
  await expect(page.getByRole('status')).toHaveText('Quantity changed to 3.')

  // Add a second product and remove it again.
  await page.keyboard.press('Escape')
  await expect(cart).toBeHidden()
  const other = (
    await storefront().listCollectionProducts({ path: { slug: 'all' }, query: { size: 50 } })
  ).results.find((p) => p.id !== product.id && p.state.type === 'AVAILABLE' && p.variants.some((v) => inStock(v, 1)))
  if (!other) throw new Error('The demo shop has a second product')
  await page.goto(`/products/${other.slug}`)
  await page.getByRole('button', { name: 'Add to cart' }).click()
  await expect(cart.getByRole('link', { name: other.name })).toBeVisible()
  await cart.getByRole('button', { name: new RegExp(`^Remove ${escapeRegExp(other.name)}`) }).click()
  await expect(cart.getByRole('link', { name: other.name })).toHaveCount(0)
  await expect(cart.getByRole('link', { name: product.name })).toBeVisible()
  await page.keyboard.press('Escape')

  // Switch currency: prices and the cart are converted by the API.
  const target = shop.currency === 'EUR' ? 'GBP' : 'EUR'
  await page.goto(`/products/${product.slug}`)
  await page.getByRole('combobox', { name: 'Currency' }).selectOption(target)
  const converted = await storefront().getStorefrontProduct({
    path: { slug: product.slug },
    query: { currency: target },
  })
  const convertedVariant = converted.variants.find((v) => v.id === variant.id) as Variant
  await page.getByRole('radio', { name: variant.name, exact: true }).check()
  await expect(page.locator('.price-current')).toHaveText(money(convertedVariant.unitPrice.value, target))
  await page.getByRole('button', { name: 'Cart (3)' }).click()
  await expect(cart.getByTestId('cart-subtotal')).toHaveText(money(convertedVariant.unitPrice.value * 3, target))

  // The hand-off: the shop's checkout URL with cartCurrency and cartId.
  const cartId = await page.evaluate(() => window.localStorage.getItem('fanshelf-example.cartId'))
  const checkout = cart.getByRole('link', { name: 'Check out' })
  await expect(checkout).toHaveAttribute('href', `${shop.checkoutUrl}?cartCurrency=${target}&cartId=${cartId}`)
  const saved = await storefront().getCart({ path: { cartId: cartId as string } })
  expect(saved.items.map((line) => [line.variant.id, line.quantity])).toEqual([[variant.id, 3]])

  // Pay on the hosted checkout.
  await checkout.click()
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(apiOrigin)}/checkout/\\?`))
  await page.getByLabel('Email', { exact: true }).fill('robin@example.org')
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await shipping.getByLabel('Full name').fill('Robin Example')
  await shipping.getByLabel('Street address').fill('1 Pine Road')
  await shipping.getByLabel('City').fill('Berlin')
  await shipping.getByLabel('Postal code').fill('10115')
  await shipping.getByLabel('Country').selectOption('DE')
  await page.getByLabel('Name on card').fill('Robin Example')
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByLabel('Expiry (MM/YY)').fill('12/34')
  await page.getByLabel('Security code').fill('123')
  await page.getByRole('button', { name: /^Pay / }).click()
  const friendlyId = (await page.getByTestId('friendly-id').textContent())?.trim() ?? ''
  expect(friendlyId).toMatch(/^[A-Z0-9]{8}$/)

  // The order, read through the open API with the SDK.
  const openApi = createOpenApiClient({ baseUrl: apiOrigin, auth: demoShop().apiUser })
  const order = await openApi.getOrderByFriendlyId({ path: { friendlyId } })
  expect(order.email).toBe('robin@example.org')
  expect(order.amounts.total.currency).toBe(target)
  expect(order.offers.map((offer) => [offer.variant.id, offer.variant.quantity])).toEqual([[variant.id, 3]])

  // Nothing was loaded from outside this machine.
  expect([...origins].every((origin) => origin === storefrontOrigin || origin === apiOrigin)).toBe(true)
})

test('the page is usable by keyboard and labelled for assistive technology', async ({ page }) => {
  await page.goto('/')
  // The page is rendered by script: a keyboard user reaches it once it is there.
  await expect(page.locator('.product-grid img').first()).toBeVisible()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Shop' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Currency' })).toBeVisible()
  await expect(page.locator('.product-grid img').first()).toBeVisible()
  // Images inside links are decorative (the link text names the product); every other image has alt text.
  const unlabelled = await page.locator('img:not([alt])').count()
  expect(unlabelled).toBe(0)

  await page.getByRole('button', { name: /^Cart/ }).click()
  const cart = page.getByRole('dialog', { name: 'Your cart' })
  await expect(cart).toBeVisible()
  await expect(cart.getByText('Your cart is empty.')).toBeVisible()
  await expect(cart.getByRole('button', { name: 'Close cart' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(cart).toBeHidden()
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
