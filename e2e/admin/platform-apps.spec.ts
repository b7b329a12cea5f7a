import { execFile } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { expect, test } from '@playwright/test'
import { repoRoot, signIn, world } from './world.ts'

/**
 * Platform apps from the admin: a signed-in admin approves (or denies) a partner app on its
 * consent page, sees it under Developer settings with its permissions and connection date, and
 * disconnects it after confirming — its tokens stop working.
 */

test.use({ baseURL: world().origin })

let partner: http.Server
let callback: string
let app: { clientId: string; clientSecret: string }

test.beforeAll(async () => {
  partner = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(`<!doctype html><title>Partner</title><h1>Back at the partner</h1><p id="url">${request.url}</p>`)
  })
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve))
  callback = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/oauth/callback`
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/cli/src/bin.ts',
      'app',
      'create',
      '--name',
      'Overlay Studio',
      '--redirect-uri',
      callback,
      '--scopes',
      'order_read,offer_read',
      '--json',
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: world().dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
  )
  app = JSON.parse(stdout)
})
test.afterAll(async () => {
  await new Promise((resolve) => partner.close(resolve))
})

/** The PKCE verifier of the last consent link. */
let codeVerifier = ''

/** The consent link with a PKCE challenge (required) of a fresh verifier, which the exchange then sends. */
function consentLink(state: string) {
  codeVerifier = randomBytes(32).toString('base64url')
  const url = new URL(`/admin/platform-apps/${app.clientId}/connect`, world().origin)
  url.searchParams.set('redirect_uri', callback)
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', createHash('sha256').update(codeVerifier).digest('base64url'))
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

test('deny sends the partner access_denied; approve connects the app, which the admin then disconnects', async ({
  page,
  request,
}) => {
  const { owner, origin } = world()
  await signIn(page, owner, '/admin/developer/platform-apps')
  // A fresh demo install has one connection: the demo app the seed connected (the docs' OAuth samples use it).
  const demoApp = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Fanshelf demo app' }) })
  await expect(demoApp.getByText(/^Connected /)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Overlay Studio' })).toHaveCount(0)

  await page.goto(consentLink('deny-1'))
  await page.getByRole('button', { name: 'Deny' }).click()
  await expect(page).toHaveURL(/error=access_denied/)
  await expect(page).toHaveURL(/state=deny-1/)

  await page.goto(consentLink('approve-1'))
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(page).toHaveURL(/\/oauth\/callback\?code=/)
  const code = new URL(page.url()).searchParams.get('code') ?? ''
  const token = await request.post(`${origin}/open-api/v1.0/platform/token`, {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: callback,
      code_verifier: codeVerifier,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    },
  })
  expect(token.status()).toBe(200)
  const { access_token: accessToken } = (await token.json()) as { access_token: string }
  const bearer = { authorization: `Bearer ${accessToken}` }
  expect((await request.get(`${origin}/open-api/v1.0/shops/current`, { headers: bearer })).status()).toBe(200)

  await page.goto('/admin/developer/platform-apps')
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Overlay Studio' }) })
  await expect(card.getByText(/^Connected /)).toBeVisible()
  await expect(card.getByText('order_read')).toBeVisible()
  await expect(card.getByText('offer_read')).toBeVisible()
  await card.getByRole('button', { name: /^Disconnect/ }).click()
  await page
    .getByRole('dialog', { name: 'Disconnect Overlay Studio?' })
    .getByRole('button', { name: 'Disconnect' })
    .click()
  await expect(page.getByText('Overlay Studio is disconnected')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Overlay Studio' })).toHaveCount(0)
  await expect(demoApp.getByText(/^Connected /)).toBeVisible()
  expect((await request.get(`${origin}/open-api/v1.0/shops/current`, { headers: bearer })).status()).toBe(401)
})
