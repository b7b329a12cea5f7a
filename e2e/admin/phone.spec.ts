import { expect, test } from '@playwright/test'
import { adminScreenPaths, expectNoHorizontalScroll, openSection, signIn, startReceiver, world } from './world.ts'

/**
 * The admin on a phone (390 × 844, touch): the sections collapse behind a menu button, and the
 * admin's everyday tasks — see an order, add a fulfilment, create a promotion, add a webhook,
 * rotate its secret — are completed without the page ever scrolling sideways.
 */

// Not `isMobile`: a mobile layout viewport grows to fit wide content, which would hide the overflow checked here.
test.use({ baseURL: world().origin, viewport: { width: 390, height: 844 }, hasTouch: true })

test('the sections hide behind a menu button that Escape closes, returning focus to it', async ({ page }) => {
  await signIn(page, world().owner, '/admin/orders')
  const menu = page.getByRole('button', { name: 'Menu' })
  const sections = page.getByRole('navigation', { name: 'Sections' })
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(sections).toBeHidden()
  await expectNoHorizontalScroll(page)

  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expect(sections.getByRole('link', { name: 'Developer settings' })).toBeVisible()
  await expectNoHorizontalScroll(page)
  await page.keyboard.press('Escape')
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(sections).toBeHidden()
  await expect(menu).toBeFocused()

  // Choosing a section closes the menu.
  await openSection(page, 'Developer settings')
  await expect(page).toHaveURL(/\/admin\/developer/)
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await expect(sections).toBeHidden()
})

test('at 390 px: see an order, add a fulfilment, create a promotion, add a webhook, rotate its secret', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const receiver = await startReceiver()
  try {
    await signIn(page, world().owner, '/admin/')

    // See an order: the list (its table scrolls in its own box), then the order.
    await openSection(page, 'Orders')
    await expectNoHorizontalScroll(page)
    await page.locator('summary', { hasText: 'Filters' }).click()
    await page.getByRole('checkbox', { name: 'Confirmed' }).check()
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await expect(page).toHaveURL(/status=CONFIRMED/)
    await page.locator('tbody tr').first().getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: /^Order #/ })).toBeVisible()
    await expectNoHorizontalScroll(page)

    // Add a fulfilment.
    await page.getByLabel('Carrier').fill('UPS')
    await page.getByLabel('Tracking number').fill(`1Z-PHONE-${Date.now()}`)
    await page.getByRole('button', { name: 'Create fulfilment' }).click()
    await expect(page.getByText('Fulfilment created.')).toBeVisible()
    await expectNoHorizontalScroll(page)

    // Create a promotion.
    await openSection(page, 'Promotions')
    await page.getByRole('link', { name: 'New promotion' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible()
    await expectNoHorizontalScroll(page)
    const code = `PHONE-${Date.now().toString(36).toUpperCase()}`
    await page.getByLabel('Code', { exact: true }).fill(code)
    await page.getByLabel('Title (optional)').fill('Phone sale')
    await page.getByRole('spinbutton', { name: 'Percentage off' }).fill('10')
    await page.getByRole('button', { name: 'Create promotion' }).click()
    await expect(page).toHaveURL(/\/admin\/promotions$/)
    await expect(page.getByRole('row', { name: /Phone sale/ }).getByText('10% off')).toBeVisible()
    await expectNoHorizontalScroll(page)

    // Add a webhook.
    await openSection(page, 'Developer settings')
    await page.getByRole('navigation', { name: 'Developer settings' }).getByRole('link', { name: 'Webhooks' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
    await expectNoHorizontalScroll(page)
    await page.getByRole('link', { name: 'Add endpoint' }).first().click()
    await page.getByLabel('Endpoint URL').fill(receiver.url)
    await page.getByRole('checkbox', { name: /^DONATION/ }).check()
    await expectNoHorizontalScroll(page)
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Endpoint', exact: true })).toBeVisible()
    await expect(page.getByText(receiver.url).first()).toBeVisible()
    await expectNoHorizontalScroll(page)

    // Rotate its secret.
    await page.getByRole('navigation', { name: 'Developer settings' }).getByRole('link', { name: 'Webhooks' }).click()
    await page.getByRole('button', { name: 'Reveal' }).click()
    const secret = page.getByTestId('webhook-secret')
    await expect(secret).toHaveText(/^whsec_/)
    const old = (await secret.textContent()) ?? ''
    await expectNoHorizontalScroll(page)
    const rotate = page.getByRole('button', { name: 'Rotate secret' })
    await rotate.click()
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' })
    await expect(dialog).toBeVisible()
    await expectNoHorizontalScroll(page)
    // The dialog keeps focus inside (Tab wraps both ways), Escape closes it and focus returns.
    const keep = dialog.getByRole('button', { name: 'Keep it' })
    const confirmRotate = dialog.getByRole('button', { name: 'Rotate secret' })
    await expect(keep).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(confirmRotate).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(keep).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(confirmRotate).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(rotate).toBeFocused()
    await expect(secret).toHaveText(old)

    await rotate.click()
    await confirmRotate.click()
    await expect(page.getByText(/Deliveries carry signatures with both secrets until/)).toBeVisible()
    await expect(secret).not.toHaveText(old)
    await expectNoHorizontalScroll(page)
  } finally {
    await receiver.close()
  }
})

test('at 360 px, the narrowest phone the admin supports, no screen scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, world().owner, '/admin/orders')
  for (const path of await adminScreenPaths()) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText('Loading…')).toHaveCount(0)
    await expectNoHorizontalScroll(page, path)
  }
  await page.getByRole('button', { name: 'Menu' }).click()
  await expectNoHorizontalScroll(page, 'the open menu')
})
