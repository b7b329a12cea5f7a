import { expect, type Page, test } from '@playwright/test'
import { expectFitsAndAccessible as fitsAndAccessible, looks } from '../page-checks.ts'
import { adminScreenPaths, apiSession, axeSeriousViolations, expectNoHorizontalScroll, signIn, world } from './world.ts'

/**
 * Every admin screen — the server-rendered sign-in, forgot-password and invitation pages and every
 * SPA page — at a phone's and a laptop's size, in light and dark mode: no serious or critical axe
 * violation (WCAG 2.x A and AA rules and axe's best practices), and the page never scrolls sideways
 * (tables and code scroll inside their own box). Also a form showing its errors, the open menu on a
 * phone and an open confirmation dialog.
 */

test.use({ baseURL: world().origin })

/** The set-password page of a fresh invitation (the server answers the link once, without SMTP). */
async function invitationPath(email: string): Promise<string> {
  const { origin, owner } = world()
  const { cookie, csrfToken } = await apiSession(owner)
  const response = await fetch(`${origin}/admin/api/people`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role: 'STAFF' }),
  })
  expect(response.status, await response.clone().text()).toBeLessThan(300)
  const url = ((await response.json()) as { invitation: { url: string } }).invitation.url
  return new URL(url).pathname + new URL(url).search
}

async function expectFitsAndAccessible(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Loading…')).toHaveCount(0)
  await fitsAndAccessible(page, path)
}

for (const { colorScheme, viewport } of looks) {
  test.describe(`${viewport.name}, ${colorScheme}`, () => {
    test.use({ colorScheme, viewport: { width: viewport.width, height: viewport.height } })

    test('every admin screen fits the screen and has no serious accessibility violation', async ({ page }) => {
      test.setTimeout(240_000)
      const invitation = await invitationPath(`responsive.${viewport.name}.${colorScheme}.${Date.now()}@example.com`)
      for (const path of ['/admin/sign-in', '/admin/forgot-password', invitation]) {
        await expectFitsAndAccessible(page, path)
      }

      await signIn(page, world().owner)
      const paths = await adminScreenPaths()
      for (const path of paths) await expectFitsAndAccessible(page, path)

      // The open menu on a phone.
      const menu = page.getByRole('button', { name: 'Menu' })
      if (await menu.isVisible()) {
        await menu.click()
        await expectNoHorizontalScroll(page, 'the open menu')
        expect(await axeSeriousViolations(page)).toEqual([])
        await page.keyboard.press('Escape')
      }

      // A form showing its errors.
      await page.goto('/admin/promotions/new')
      await page.getByRole('button', { name: 'Create promotion' }).click()
      await expect(page.getByText('Required').first()).toBeVisible()
      await fitsAndAccessible(page, 'the new-promotion form showing its errors')

      // An open confirmation dialog.
      await page.goto('/admin/developer/storefront')
      await page.getByRole('button', { name: 'Regenerate' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await expectNoHorizontalScroll(page, 'a dialog')
      expect(await axeSeriousViolations(page)).toEqual([])
    })
  })
}
