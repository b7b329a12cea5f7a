import type { Page } from '@playwright/test'

/** Fills the hosted checkout's contact, shipping (a US address) and payment fields. */
export async function fillCheckoutForm(page: Page, email: string, card: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email)
  const shipping = page.getByRole('group', { name: 'Shipping address' })
  await shipping.getByLabel('Full name').fill('Casey Shopper')
  await shipping.getByLabel('Street address').fill('500 Market St')
  await shipping.getByLabel('City').fill('San Francisco')
  await shipping.getByLabel('State / province').fill('CA')
  await shipping.getByLabel('Postal code').fill('94105')
  const payment = page.getByRole('group', { name: 'Payment' })
  await payment.getByLabel('Name on card').fill('Casey Shopper')
  await payment.getByLabel('Card number').fill(card)
  await payment.getByLabel('Expiry (MM/YY)').fill('12/34')
  await payment.getByLabel('Security code').fill('123')
}
