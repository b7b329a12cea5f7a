import { expect, test } from '@playwright/test'
import { signIn, world } from './world.ts'

/**
 * Orders in the browser: filters, the order page, a fulfilment with tracking that moves the
 * status, the tracker simulation, and cancelling an unfulfilled order after confirming.
 */

test.use({ baseURL: world().origin })

test('fulfilling an order moves its status; advancing the tracker moves it on', async ({ page }) => {
  await signIn(page, world().staff, '/admin/orders')
  await page.locator('summary', { hasText: 'Filters' }).click()
  await page.getByRole('checkbox', { name: 'Confirmed' }).check()
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/status=CONFIRMED/)
  const rows = page.locator('tbody tr')
  await expect(rows.first().getByText('Confirmed')).toBeVisible()
  await rows.first().getByRole('link').click()

  await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
  const header = page.locator('.page-header')
  await expect(header.getByText('Confirmed')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Status history' }).getByText('Confirmed')).toBeVisible()

  // The contract's rules before sending: a carrier and a tracking number are required.
  await page.getByRole('button', { name: 'Create fulfilment' }).click()
  await expect(page.getByText('Required').first()).toBeVisible()
  await page.getByLabel('Carrier').fill('UPS')
  await page.getByLabel('Tracking number').fill(`1Z-E2E-${Date.now()}`)
  await page.getByRole('button', { name: 'Create fulfilment' }).click()
  await expect(page.getByText('Fulfilment created.')).toBeVisible()
  await expect(header.getByText(/In production|Partially in production/)).toBeVisible()

  await page.getByRole('button', { name: /^Advance tracker to In transit/ }).click()
  await expect(page.getByText(/Tracker is In transit\./)).toBeVisible()
  await expect(header.getByText(/Shipped|Partially shipped/)).toBeVisible()
  await page.getByRole('button', { name: /^Advance tracker to Delivered/ }).click()
  await expect(header.getByText(/Delivered|Partially delivered/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0)
})

test('an unfulfilled order is cancelled after confirming', async ({ page }) => {
  await signIn(page, world().owner, '/admin/orders?status=CONFIRMED')
  await page.locator('tbody tr').first().getByRole('link').click()
  await page.getByRole('button', { name: 'Cancel order' }).click()
  const dialog = page.getByRole('dialog', { name: /^Cancel order #/ })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Cancel order' }).click()
  await dialog.getByRole('button', { name: 'Cancel order' }).click()
  await expect(page.getByText('Order cancelled.')).toBeVisible()
  await expect(page.locator('.page-header').getByText('Cancelled')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create fulfilment' })).toHaveCount(0)
})
