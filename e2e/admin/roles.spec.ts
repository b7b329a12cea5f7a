import { expect, test } from '@playwright/test'
import { signIn, world } from './world.ts'

/**
 * What each role sees (decision 0027): the SPA learns the signed-in role's actions from the
 * session's `permissions` and shows nothing else. STAFF see no credential, webhook or app control
 * anywhere, even by typing a developer-settings address; the super-admin sees them all, and the
 * audit log records the secret they revealed without showing it.
 */

test.use({ baseURL: world().origin })

const developerPages = [
  '/admin/developer',
  '/admin/developer/api-users',
  '/admin/developer/storefront',
  '/admin/developer/webhooks',
  '/admin/developer/webhooks/new',
  '/admin/developer/platform-apps',
  '/admin/developer/audit-log',
]

const credentialControls = [
  /^Create API user$/,
  /^Delete/,
  /^Create token$/,
  /^Regenerate$/,
  /^Revoke$/,
  /^Reveal$/,
  /^Rotate secret$/,
  /^Disconnect/,
]

test('staff see no developer settings, credential, webhook or app control, even at their addresses', async ({
  page,
}) => {
  const { staff } = world()
  await signIn(page, staff, '/admin/orders')
  const sections = page.getByRole('navigation', { name: 'Sections' })
  await expect(sections.getByRole('link', { name: 'Orders' })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'Products' })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'Gift cards' })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'Developer settings' })).toHaveCount(0)

  for (const path of developerPages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Only a super-admin can manage developer settings' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Developer settings' })).toHaveCount(0)
    for (const name of credentialControls) await expect(page.getByRole('button', { name })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Add endpoint' })).toHaveCount(0)
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0)
    await expect(page.getByTestId('storefront-token')).toHaveCount(0)
  }
})

test('the super-admin sees every control, and the audit log records a reveal without the secret', async ({ page }) => {
  const { owner } = world()
  await signIn(page, owner, '/admin/orders')
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Developer settings' }).click()
  const tabs = page.getByRole('navigation', { name: 'Developer settings' })
  for (const tab of ['Open API', 'Storefront API', 'Webhooks', 'Platform apps', 'Audit log']) {
    await expect(tabs.getByRole('link', { name: tab })).toBeVisible()
  }
  await expect(page.getByRole('button', { name: 'Create API user' })).toBeVisible()

  await tabs.getByRole('link', { name: 'Storefront API' }).click()
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Revoke' })).toBeVisible()

  await tabs.getByRole('link', { name: 'Webhooks' }).click()
  await expect(page.getByRole('link', { name: 'Add endpoint' }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Rotate secret' })).toBeVisible()
  // The secret is not fetched until revealed.
  await expect(page.getByTestId('webhook-secret')).not.toHaveText(/whsec_/)
  await page.getByRole('button', { name: 'Reveal' }).click()
  const secretText = page.getByTestId('webhook-secret')
  await expect(secretText).toHaveText(/^whsec_/)
  const secret = (await secretText.textContent()) ?? ''

  await tabs.getByRole('link', { name: 'Audit log' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()
  const newest = page.getByRole('region', { name: 'Audit log' }).getByRole('row').nth(1)
  await expect(newest).toContainText('webhookSecret.reveal')
  await expect(newest).toContainText(`${owner.email} (you)`)
  await expect(newest).toContainText(world().shop.id)
  await expect(page.getByText(secret)).toHaveCount(0)
})
