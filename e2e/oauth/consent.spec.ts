import { expect, type Page, test } from '@playwright/test'
import * as oauth from 'oauth4webapi'
import { type OAuthWorld, startOAuthWorld } from './oauth-server.ts'

/**
 * A shop admin connects a platform app through the real pages in Chromium: the consent link sends
 * them to sign in, back to the consent page, and Approve returns the browser to the partner with a
 * code that oauth4webapi exchanges for tokens that work on `GET /shops/current`. Deny returns
 * `error=access_denied`; an unregistered redirect URI shows an error page and goes nowhere.
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

function consentLink(parameters: Record<string, string>): string {
  const url = new URL(as.authorization_endpoint as string)
  url.searchParams.set('client_id', world.app.clientId)
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value)
  return url.toString()
}

async function signIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  await page.getByLabel('Email').fill(world.admin.email)
  await page.getByLabel('Password').fill(world.admin.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('approve: sign in, consent, and the code works against GET /shops/current', async ({ page }) => {
  const verifier = oauth.generateRandomCodeVerifier()
  const state = oauth.generateRandomState()
  await page.goto(
    consentLink({
      redirect_uri: world.callback,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }),
  )
  await expect(page).toHaveURL(/\/admin\/sign-in\?return_to=/)
  await signIn(page)

  await expect(page).toHaveURL(/\/admin\/platform-apps\/app_[0-9A-Za-z]+\/connect\?/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Connect Stream Overlay to .+\?$/)
  const permissions = page.getByRole('list', { name: 'What the app will be able to do' })
  await expect(permissions.getByRole('listitem')).toHaveText([
    'Read orders',
    'Read webhook configurations, the webhook secret and the webhook event log',
    'See the shop’s name, domain and contact details',
  ])
  await expect(page.getByText(`Signed in as ${world.admin.email}`)).toBeVisible()

  await page.getByRole('button', { name: 'Approve' }).click()
  await page.waitForURL((url) => url.href.startsWith(world.callback))
  await expect(page.getByRole('heading', { name: 'Back at the partner' })).toBeVisible()

  const client = { client_id: world.app.clientId }
  // RFC 9207: the answer names the server (its metadata issuer); oauth4webapi checks it too.
  expect(new URL(page.url()).searchParams.get('iss')).toBe(as.issuer)
  const params = oauth.validateAuthResponse(as, client, new URL(page.url()), state)
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(world.app.clientSecret),
    params,
    world.callback,
    verifier,
    options,
  )
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response)
  expect(tokens.scope).toBe('order_read webhook_read')

  const shop = await oauth.protectedResourceRequest(
    tokens.access_token,
    'GET',
    new URL('/open-api/v1.0/shops/current', world.origin),
    new Headers(),
    undefined,
    options,
  )
  expect(shop.status).toBe(200)
  expect((await shop.json()).id).toBe(world.shopId)
})

test('deny: the browser returns to the partner with error=access_denied and the state', async ({ page }) => {
  const challenge = await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier())
  await page.goto(
    consentLink({
      redirect_uri: world.callback,
      state: 'deny-me',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
  )
  await signIn(page)
  await expect(page.getByRole('button', { name: 'Deny' })).toBeVisible()
  await page.getByRole('button', { name: 'Deny' }).click()
  await page.waitForURL((url) => url.href.startsWith(world.callback))
  const arrived = new URL(page.url())
  expect(arrived.searchParams.get('error')).toBe('access_denied')
  expect(arrived.searchParams.get('state')).toBe('deny-me')
  expect(arrived.searchParams.get('iss')).toBe(as.issuer)
  expect(arrived.searchParams.has('code')).toBe(false)
})

test('without PKCE the browser goes straight back to the partner with error=invalid_request', async ({ page }) => {
  await page.goto(consentLink({ redirect_uri: world.callback, state: 'no-pkce' }))
  await page.waitForURL((url) => url.href.startsWith(world.callback))
  const arrived = new URL(page.url())
  expect(arrived.searchParams.get('error')).toBe('invalid_request')
  expect(arrived.searchParams.get('error_description')).toMatch(/code_challenge is required/)
  expect(arrived.searchParams.get('state')).toBe('no-pkce')
  expect(arrived.searchParams.get('iss')).toBe(as.issuer)
})

test('an unregistered redirect URI shows an error page and never redirects', async ({ page }) => {
  const response = await page.goto(consentLink({ redirect_uri: `${world.callback}/`, state: 's' }))
  expect(response?.status()).toBe(400)
  expect(new URL(page.url()).origin).toBe(world.origin)
  await expect(page.getByRole('heading', { name: 'Unregistered redirect address' })).toBeVisible()
})
