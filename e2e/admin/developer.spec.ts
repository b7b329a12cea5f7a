import { createHmac } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { signIn, startReceiver, world } from './world.ts'

/**
 * Developer settings in the browser: an API user whose credentials work on the open API, the
 * storefront token, a webhook endpoint whose test event arrives signed, shows in the delivery log
 * and replays, and a secret rotation during which deliveries verify with both secrets.
 */

test.use({ baseURL: world().origin })

test('a super-admin creates an API user, sees the password once, and the credentials work; deleting revokes them', async ({
  page,
  request,
}) => {
  const { owner, origin } = world()
  await signIn(page, owner, '/admin/developer/api-users')
  await page.getByLabel('Label (optional)').fill('Shipping partner')
  await page.getByRole('button', { name: 'Create API user' }).click()

  const panel = page.getByRole('region', { name: 'Save these credentials now' })
  await expect(panel).toBeVisible()
  const username = (await panel.locator('dd code').first().textContent()) ?? ''
  const password = (await page.getByTestId('created-password').textContent()) ?? ''
  expect(username).toMatch(/^shipping-partner-[0-9a-f]{8}$/)
  await expect(panel.getByRole('button', { name: 'Copy password' })).toBeVisible()

  const basic = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
  const shop = await request.get(`${origin}/open-api/v1.0/shops/current`, { headers: { authorization: basic } })
  expect(shop.status()).toBe(200)
  expect((await shop.json()).id).toBe(world().shop.id)

  await panel.getByRole('button', { name: 'I have saved it' }).click()
  await expect(panel).toHaveCount(0)
  // The password is never shown again.
  await page.reload()
  await expect(page.getByText(password)).toHaveCount(0)

  await page
    .getByRole('row', { name: new RegExp(username) })
    .getByRole('button', { name: /^Delete/ })
    .click()
  const dialog = page.getByRole('dialog', { name: `Delete ${username}?` })
  await dialog.getByRole('button', { name: 'Delete API user' }).click()
  await expect(page.getByRole('status').getByText(`Deleted ${username}`)).toBeVisible()
  const after = await request.get(`${origin}/open-api/v1.0/shops/current`, { headers: { authorization: basic } })
  expect(after.status()).toBe(401)
})

test('the storefront token is shown, regenerated after confirmation, and the old one stops working', async ({
  page,
  request,
}) => {
  const { owner, origin } = world()
  await signIn(page, owner, '/admin/developer/storefront')
  const tokenText = page.getByTestId('storefront-token')
  const before = (await tokenText.textContent()) ?? ''
  expect(before).toMatch(/^ptkn_/)
  await page.getByRole('button', { name: 'Regenerate' }).click()
  const dialog = page.getByRole('dialog', { name: 'Regenerate the storefront token?' })
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await expect(tokenText).toHaveText(before)
  await page.getByRole('button', { name: 'Regenerate' }).click()
  await dialog.getByRole('button', { name: 'Regenerate token' }).click()
  await expect(tokenText).not.toHaveText(before)
  const after = (await tokenText.textContent()) ?? ''
  expect((await request.get(`${origin}/v1/collections?storefront_token=${before}`)).status()).toBe(401)
  expect((await request.get(`${origin}/v1/collections?storefront_token=${after}`)).status()).toBe(200)
})

test('webhook: create an endpoint, a test event arrives signed, shows in the delivery log and replays', async ({
  page,
}) => {
  const { owner } = world()
  const receiver = await startReceiver()
  try {
    await signIn(page, owner, '/admin/developer/webhooks')
    await page.getByRole('link', { name: 'Add endpoint' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add endpoint' })).toBeVisible()

    // Inline validation with the contract's rules before anything is sent.
    await page.getByLabel('Endpoint URL').fill('ftp://example.com/hooks')
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(page.getByText('Add at least one')).toBeVisible()
    await expect(page.getByText(/Invalid format/)).toBeVisible()

    await page.getByLabel('Endpoint URL').fill(receiver.url)
    const picker = page.getByRole('group', { name: 'Events to send' })
    await expect(picker.getByText('Fires when a new order is placed and paid')).toBeVisible()
    await picker.getByRole('checkbox', { name: /^ORDER_PLACED/ }).check()
    await picker.getByRole('checkbox', { name: /^PRODUCT_UPDATED/ }).check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Endpoint', exact: true })).toBeVisible()
    await expect(page.getByText(receiver.url)).toBeVisible()

    await page.getByLabel('Event type', { exact: true }).first().selectOption('DONATION')
    await page.getByRole('button', { name: 'Send test event' }).click()
    await expect(page.getByText(/Test DONATION event queued/)).toBeVisible()
    const delivered = await receiver.waitFor((w) => w.body.includes('"type":"DONATION"'))

    // The signature verifies with the secret the admin shows.
    await page.goto('/admin/developer/webhooks')
    await page.getByRole('button', { name: 'Reveal' }).click()
    // Revealing fetches the secret (an audited read).
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/)
    const secret = (await page.getByTestId('webhook-secret').textContent()) ?? ''
    expect(secret).toMatch(/^whsec_/)
    const headers = delivered.headers as Record<string, string>
    const payload = new Webhook(secret).verify(delivered.body, headers) as { id: string; testMode: boolean }
    expect(payload.testMode).toBe(true)
    expect(headers['x-fanshelf-hmac-sha256']).toBe(createHmac('sha256', secret).update(delivered.body).digest('base64'))

    await page.getByRole('link', { name: receiver.url }).click()
    const row = page.locator(`tr[data-event-id="${payload.id}"]`)
    await expect(row.getByText('Delivered')).toBeVisible()
    await row.getByRole('button', { name: /^Attempts/ }).click()
    const details = page.locator(`#attempts-${payload.id}`)
    await expect(details.getByText('200', { exact: true })).toBeVisible()
    await expect(details.getByText('{"received":true}')).toBeVisible()

    const count = receiver.received.length
    await row.getByRole('button', { name: /^Replay/ }).click()
    await expect(page.getByText(`Replay of ${payload.id} queued.`)).toBeVisible()
    await expect.poll(() => receiver.received.length).toBe(count + 1)
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(payload.id)
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible()
  } finally {
    await receiver.close()
  }
})

test('rotating the secret keeps deliveries verifiable with the old and the new secret', async ({ page }) => {
  const { owner } = world()
  const receiver = await startReceiver()
  try {
    await signIn(page, owner, '/admin/developer/webhooks/new')
    await page.getByLabel('Endpoint URL').fill(receiver.url)
    await page.getByRole('checkbox', { name: /^DONATION/ }).check()
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Endpoint', exact: true })).toBeVisible()
    const endpointUrl = page.url()

    await page.goto('/admin/developer/webhooks')
    await page.getByRole('button', { name: 'Reveal' }).click()
    const secretText = page.getByTestId('webhook-secret')
    await expect(secretText).toHaveText(/^whsec_/)
    const old = (await secretText.textContent()) ?? ''
    await page.getByLabel('Old secret keeps signing for').selectOption('24')
    await page.getByRole('button', { name: 'Rotate secret' }).click()
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate secret' })
      .click()
    await expect(page.getByText(/Deliveries carry signatures with both secrets until/)).toBeVisible()
    await expect(secretText).not.toHaveText(old)
    const current = (await secretText.textContent()) ?? ''

    // The worker caches signing keys for up to 5 s.
    await page.waitForTimeout(5_500)
    await page.goto(endpointUrl)
    await page.getByLabel('Event type', { exact: true }).first().selectOption('DONATION')
    await page.getByRole('button', { name: 'Send test event' }).click()
    const delivered = await receiver.waitFor(() => true)
    const headers = delivered.headers as Record<string, string>
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2)
    expect(() => new Webhook(old).verify(delivered.body, headers)).not.toThrow()
    expect(() => new Webhook(current).verify(delivered.body, headers)).not.toThrow()
  } finally {
    await receiver.close()
  }
})
