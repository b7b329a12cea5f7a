import { expect, type Page } from '@playwright/test'
import { hydrated } from './site'

/** The docs pages issue 21 checks for accessibility, width and looks (design.spec.ts, visual.spec.ts). */
export const samplePages = [
  { name: 'landing', path: '/' },
  { name: 'get started', path: '/storefront/getting-started/' },
  { name: 'storefront guide', path: '/storefront/checkout/' },
  { name: 'webhook guide with a diagram', path: '/webhooks/gifting-guide/' },
  {
    name: 'reference operation',
    path: '/open-api/#operation/listOrders',
    // The reference is one long page (every operation of the API): judged on the page's chrome, its
    // contents and one operation, which share every component with the others.
    parts: ['nav.navbar', '.fsr-nav', 'section.fsr-op[data-op="listOrders"]'],
  },
] as const satisfies ReadonlyArray<{ name: string; path: string; parts?: readonly string[] }>

export const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const

export const modes = ['light', 'dark'] as const

/** Opens a page in a colour mode and waits until it is hydrated and its lazy parts are in. */
export async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path)
  await hydrated(page)
  // Diagrams come in near the viewport: bring every one in before judging the page.
  for (const diagram of await page.locator('.fanshelf-diagram').all()) {
    await diagram.scrollIntoViewIfNeeded()
    await expect(diagram.locator('img:visible')).toHaveCount(1)
  }
  await page.evaluate(() => window.scrollTo(0, 0))
}
