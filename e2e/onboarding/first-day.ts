import { createHash } from 'node:crypto'
import http from 'node:http'
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { type Install, install, origin, port } from './server.ts'

/**
 * What the steps of the first day (onboarding.spec.ts, steps/*.ts) share: the install, the shop, its
 * people and product, what the walk learns on the way (`day`), the owner's page, and the checks and
 * calls the steps make. `target`, `ownerContext` and `ownerPage` are live bindings, set by
 * `setUpFirstDay()` before the first step.
 */

/** The install of the global setup (read once the workers know it). */
export let target: Install

export const shop = { name: 'Cedar & Pine Outfitters', domain: 'shop.cedarpine.example', currency: 'EUR' }
export const owner = { email: 'robin@cedarpine.example', name: 'Robin Cedar', password: 'owner-first-day-passphrase' }
export const staff = { email: 'sam@cedarpine.example', password: 'staff-first-day-passphrase' }
export const product = { name: 'Cedar Trail Shirt', slug: 'cedar-trail-shirt', price: 34.5, sku: 'CEDAR-SHIRT-M' }
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

/** What the walk learns on the way and checks again after the restore. */
export const day = {
  setPasswordUrl: '',
  image: { url: '', transformedUrl: '', sha256: '' },
  storefrontToken: '',
  apiUser: { username: '', password: '' },
  orderId: '',
}

export let ownerContext: BrowserContext
export let ownerPage: Page
export const pageProblems: string[] = []

/** Uncaught errors and console errors of a page fail the step (refused requests are expected answers). */
export function watch(page: Page): Page {
  page.on('pageerror', (error) => pageProblems.push(`page error on ${page.url()}: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      pageProblems.push(`console error on ${page.url()}: ${message.text()}`)
    }
  })
  return page
}

export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...phone, baseURL: origin })
  return { context, page: watch(await context.newPage()) }
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
export async function expectFitsPhone(page: Page) {
  const { width, wide } = await page.evaluate(() => {
    // The innermost elements reaching past the screen's edge, to name the culprit.
    const wide = [...document.body.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .filter(
        (element) =>
          ![...element.children].some((child) => child.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`,
      )
    return { width: document.documentElement.scrollWidth, wide }
  })
  expect(width, `${page.url()} scrolls sideways at 390 px: ${wide.join(', ')}`).toBeLessThanOrEqual(390)
}

export function sha256(bytes: Buffer | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export function basic(user: { username: string; password: string }): string {
  return `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`
}

/** GET with a Host header of our choosing (Node's fetch cannot set Host): a request to the shop's domain. */
export function getWithHost(pathname: string, host: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'GET', headers: { host } },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

export async function storefront(pathname: string, init: RequestInit = {}, base = origin): Promise<Response> {
  const separator = pathname.includes('?') ? '&' : '?'
  return fetch(`${base}/v1${pathname}${separator}storefront_token=${encodeURIComponent(day.storefrontToken)}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  })
}

export interface StorefrontProduct {
  name: string
  slug: string
  images: { url: string; transformedUrl: string; width: number; height: number }[]
  variants: { id: string; sku: string; unitPrice: { value: number; currency: string } }[]
}

export async function signInOnPhone(browser: Browser, who: { email: string; password: string }) {
  const { context, page } = await phonePage(browser)
  await page.goto('/admin/')
  await expect(page.getByRole('heading', { name: 'Sign in to your shop' })).toBeVisible()
  await expectFitsPhone(page)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
  return { context, page }
}

/** Prometheus text format: `name{label="value",…} number` lines, comments skipped. */
export function parseExposition(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/.exec(line)
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const label of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1] as string] = (label[2] as string).replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1')
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) })
  }
  return samples
}

/** Registers the journey's hooks in the spec: the owner's browser context, and no page errors in any step. */
export function setUpFirstDay(): void {
  test.beforeAll(async ({ browser }) => {
    target = install()
    ownerContext = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } })
    ownerPage = watch(await ownerContext.newPage())
  })

  test.afterAll(async () => {
    await ownerContext?.close()
  })

  test.afterEach(() => {
    const problems = pageProblems.splice(0)
    expect(problems).toEqual([])
  })
}
