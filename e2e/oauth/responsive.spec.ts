import { expect, test } from '@playwright/test'
import * as oauth from 'oauth4webapi'
import { expectFitsAndAccessible, looks } from '../page-checks.ts'
import { type OAuthWorld, startOAuthWorld } from './oauth-server.ts'

/**
 * The one sign-in page and the consent page, reached through a real consent link, at a phone's and
 * a laptop's size in light and dark mode: no serious or critical axe violation, no sideways scroll,
 * and a screenshot baseline of each (the partner's origin and the admin's email masked: they change
 * from run to run).
 */

let world: OAuthWorld
let as: oauth.AuthorizationServer
const options = { [oauth.allowInsecureRequests]: true } as const

test.beforeAll(async () => {
  world = await startOAuthWorld()
  const issuer = new URL(world.origin)
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...options }),
  )
})
test.afterAll(async () => {
  await world?.close()
})

async function consentLink(): Promise<string> {
  const url = new URL(as.authorization_endpoint as string)
  url.searchParams.set('client_id', world.app.clientId)
  url.searchParams.set('redirect_uri', world.callback)
  url.searchParams.set('state', oauth.generateRandomState())
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()))
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

const screenshot = { fullPage: true, animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.02 } as const

for (const { colorScheme, viewport } of looks) {
  test.describe(`${viewport.name}, ${colorScheme}`, () => {
    test.use({ colorScheme, viewport: { width: viewport.width, height: viewport.height } })

    test('sign-in (with an error) and consent fit the screen, pass axe and look as they did', async ({ page }) => {
      await page.goto(await consentLink())
      await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
      await expectFitsAndAccessible(page, 'the sign-in page')
      await expect(page).toHaveScreenshot(`sign-in-${viewport.name}-${colorScheme}.png`, screenshot)

      await page.getByLabel('Email').fill(world.admin.email)
      await page.getByLabel('Password').fill('not-the-password')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('alert')).toBeVisible()
      await expectFitsAndAccessible(page, 'the sign-in page with an error')

      await page.getByLabel('Password').fill(world.admin.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Connect Stream Overlay to .+\?$/)
      await expectFitsAndAccessible(page, 'the consent page')
      await expect(page).toHaveScreenshot(`consent-${viewport.name}-${colorScheme}.png`, {
        ...screenshot,
        mask: [page.locator('code'), page.getByText(/^Signed in as /)],
      })
    })
  })
}
