import { createHash, randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { watchContentSecurityPolicy } from '../csp.ts'
import { type OAuthWorld, startOAuthWorld } from './oauth-server.ts'

/**
 * The sign-in and consent pages under their Content-Security-Policy (decision 0013): no script,
 * the stylesheet by hash, no framing, and forms that may lead only here — or, from the consent
 * page, to the app's redirect URI, which Chromium checks on the redirect after Approve or Deny.
 */

let world: OAuthWorld

test.beforeAll(async () => {
  world = await startOAuthWorld()
})
test.afterAll(async () => {
  await world?.close()
})

function consentLink(state: string): string {
  const url = new URL(`/admin/platform-apps/${encodeURIComponent(world.app.clientId)}/connect`, world.origin)
  url.searchParams.set('redirect_uri', world.callback)
  url.searchParams.set('state', state)
  // PKCE is required: the challenge of a verifier this suite never exchanges.
  url.searchParams.set(
    'code_challenge',
    createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
  )
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

async function signInToConsent(page: Page, state: string) {
  await page.goto(consentLink(state))
  await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  await page.getByLabel('Email').fill(world.admin.email)
  await page.getByLabel('Password').fill(world.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible()
}

for (const decision of ['Approve', 'Deny'] as const) {
  test(`sign-in, the consent page and ${decision} run without a policy violation`, async ({ page }) => {
    const csp = await watchContentSecurityPolicy(page)
    const consentPolicy = page.waitForResponse(
      (response) => response.url().includes('/connect?') && response.status() === 200,
    )
    await signInToConsent(page, `csp-${decision}`)
    const policy = (await consentPolicy).headers()['content-security-policy'] ?? ''
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain(`form-action 'self' ${new URL(world.callback).origin}`)

    await page.getByRole('button', { name: decision }).click()
    await page.waitForURL((url) => url.href.startsWith(world.callback))
    expect(new URL(page.url()).searchParams.get('state')).toBe(`csp-${decision}`)
    expect(csp.violations).toEqual([])
  })
}
