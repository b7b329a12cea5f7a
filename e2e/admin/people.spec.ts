import { expect, test } from '@playwright/test'
import { signIn, world } from './world.ts'

/**
 * The shop's people (decision 0035) as a super-admin and an invited colleague meet them: an
 * invitation whose one-time link is shown once (this server sends no mail), the colleague setting a
 * password through it, a role change that applies to their open session, their own password change,
 * removal that signs them out, and a reset request that says the same for any email.
 */

test.use({ baseURL: world().origin })

const newPassword = 'a fresh passphrase 1'
const changedPassword = 'another passphrase 2'

test('invite, set a password, change role, change one’s password, remove', async ({ page, browser }) => {
  const { owner, origin } = world()
  const email = `new.colleague.${Date.now()}@example.com`

  await signIn(page, owner, '/admin/people')
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible()
  const table = page.getByRole('table')
  await expect(table.getByRole('row', { name: new RegExp(`${owner.email} \\(you\\)`) })).toBeVisible()

  // Invite: the link is shown once, on this server's origin.
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role').selectOption('STAFF')
  await page.getByRole('button', { name: 'Invite' }).click()
  const link = await page.getByTestId('invitation-url').innerText()
  expect(link).toMatch(new RegExp(`^${origin}/admin/set-password\\?token=`))
  await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Invited')

  // The colleague, in their own browser: sets a password through the link and is signed in as staff.
  const theirs = await browser.newContext({ baseURL: origin })
  const colleague = await theirs.newPage()
  await colleague.goto(link)
  await colleague.getByLabel('New password', { exact: true }).fill(newPassword)
  await colleague.getByLabel('Repeat the password').fill(newPassword)
  await colleague.getByRole('button', { name: 'Set password and sign in' }).click()
  await expect(colleague.getByRole('button', { name: 'Sign out' })).toBeVisible()
  const sections = colleague.getByRole('navigation', { name: 'Sections' })
  await expect(sections.getByRole('link', { name: 'Orders' })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'People' })).toHaveCount(0)
  // The link worked once.
  const again = await theirs.request.get(link)
  expect(again.status()).toBe(410)

  // The owner makes them a super-admin: their open session gets the new rights on its next page.
  await page.reload()
  await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Active')
  await page.getByRole('button', { name: `Make super-admin ${email}` }).click()
  await expect(table.getByRole('row', { name: new RegExp(email) })).toContainText('Super-admin')
  await colleague.goto('/admin/orders')
  await expect(sections.getByRole('link', { name: 'People' })).toBeVisible()

  // They change their own password: a wrong current one is refused, the right one works.
  await colleague.goto('/admin/password')
  await colleague.getByLabel('Current password').fill('not my password at all')
  await colleague.getByLabel('New password', { exact: true }).fill(changedPassword)
  await colleague.getByLabel('Repeat the new password').fill(changedPassword)
  await colleague.getByRole('button', { name: 'Change password' }).click()
  await expect(colleague.getByText('currentPassword is not your password')).toBeVisible()
  await colleague.getByLabel('Current password').fill(newPassword)
  await colleague.getByRole('button', { name: 'Change password' }).click()
  await expect(colleague.getByText('Your password is changed.')).toBeVisible()
  const signedIn = await theirs.request.post('/admin/api/session', { data: { email, password: changedPassword } })
  expect(signedIn.status()).toBe(200)

  // Removed: signed out at once, and the sign-in no longer works.
  await page.getByRole('button', { name: `Remove ${email}` }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
  await expect(table.getByRole('row', { name: new RegExp(email) })).toHaveCount(0)
  await colleague.goto('/admin/orders')
  await expect(colleague.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  const refused = await theirs.request.post('/admin/api/session', { data: { email, password: changedPassword } })
  expect(refused.status()).toBe(401)
  await theirs.close()
})

test('a password reset request answers the same for any email, at 390 px too', async ({ browser }) => {
  const { origin, staff } = world()
  const phone = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 }, isMobile: true })
  const page = await phone.newPage()
  const answers: string[] = []
  for (const email of [staff.email, 'nobody-here@example.com']) {
    await page.goto('/admin/forgot-password')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Mail me a link' }).click()
    const text = (await page.locator('main').innerText()).replace(email, '<email>')
    answers.push(text)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  }
  expect(answers[0]).toBe(answers[1])
  await phone.close()
})
