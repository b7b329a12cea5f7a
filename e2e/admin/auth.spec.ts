import { expect, test } from '@playwright/test'
import { apiSession, signIn, world } from './world.ts'

/**
 * Signing in and out of the admin, and what a STAFF admin cannot do: the backend refuses a direct
 * call with 403 whatever the page shows (roles.spec.ts: what the SPA shows each role).
 */

test.use({ baseURL: world().origin })

test('a signed-out visitor signs in and lands where they were going; signing out ends the session', async ({
  page,
}) => {
  const { owner } = world()
  await page.goto('/admin/products?search=owl')
  // The one sign-in page (decision 0052), server-rendered, remembering where the visitor was going.
  await expect(page).toHaveURL(/\/admin\/sign-in\?return_to=%2Fadmin%2Fproducts%3Fsearch%3Dowl$/)
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toContainText('The email or password is wrong.')

  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/admin\/products\?search=owl$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible()
  await expect(page.getByText(owner.email)).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  await page.goto('/admin/orders')
  await expect(page).toHaveURL(/\/admin\/sign-in\?return_to=%2Fadmin%2Forders$/)
})

test('the former sign-in address /admin/login leads to the one sign-in page and back where the visitor was going', async ({
  page,
}) => {
  const { owner } = world()
  await page.goto('/admin/login?return_to=%2Fpromotions')
  await expect(page).toHaveURL(/\/admin\/sign-in\?return_to=%2Fadmin%2Fpromotions$/)
  await page.getByLabel('Email').fill(owner.email)
  await page.getByLabel('Password').fill(owner.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible()
})

test('staff calling a super-admin action directly get 403 FORBIDDEN, from the browser session or outside it', async ({
  page,
  request,
}) => {
  const { staff, origin } = world()
  await signIn(page, staff, '/admin/orders')

  // The same browser session, calling the backend directly with its own CSRF token.
  const session = await page.request.get(`${origin}/admin/api/session`)
  const { csrfToken } = (await session.json()) as { csrfToken: string }
  const direct = await page.request.post(`${origin}/admin/api/api-users`, {
    data: { label: 'sneaky' },
    headers: { 'x-csrf-token': csrfToken },
  })
  expect(direct.status()).toBe(403)
  expect((await direct.json()).code).toBe('FORBIDDEN')

  // And from outside the browser, signed in as staff.
  const { cookie, csrfToken: token } = await apiSession(staff)
  const outside = await request.post(`${origin}/admin/api/webhook-secret/rotate`, {
    data: {},
    headers: { cookie, 'x-csrf-token': token },
  })
  expect(outside.status()).toBe(403)
  expect((await outside.json()).message).toContain('webhookSecret.rotate')
})

test('a mutation without the CSRF token is refused even with a valid session', async ({ page }) => {
  const { owner, origin } = world()
  await signIn(page, owner)
  const response = await page.request.post(`${origin}/admin/api/storefront-token/regenerate`)
  expect(response.status()).toBe(403)
  expect((await response.json()).code).toBe('CSRF_TOKEN_INVALID')
})
