import type { Page } from '@playwright/test'

/** Every guide route (spec §2, plus the Compatibility and operator guides), the sidebar it belongs to, and its page heading. */
export const guideRoutes = [
  { path: '/', sidebar: null, heading: 'Get started with Fanshelf' },
  { path: '/platform-apps/', sidebar: null, heading: 'Platform apps (OAuth 2.0)' },
  { path: '/api-conventions/', sidebar: null, heading: 'API conventions' },
  { path: '/compatibility/', sidebar: null, heading: 'Compatibility with existing platform code' },
  { path: '/storefront/', sidebar: 'storefront', heading: 'Storefront overview' },
  { path: '/storefront/checkout/', sidebar: 'storefront', heading: 'Cart and checkout' },
  { path: '/storefront/collection/', sidebar: 'storefront', heading: 'Collections' },
  { path: '/storefront/getting-started/', sidebar: 'storefront', heading: 'Getting started with the storefront API' },
  { path: '/storefront/showcase/', sidebar: 'storefront', heading: 'Showcase' },
  { path: '/webhooks/', sidebar: 'webhooks', heading: 'Webhooks overview' },
  { path: '/webhooks/gifting-guide/', sidebar: 'webhooks', heading: 'Gifting guide' },
  { path: '/webhooks/limitations/', sidebar: 'webhooks', heading: 'Limitations' },
  { path: '/webhooks/response-retry-policies/', sidebar: 'webhooks', heading: 'Response and retry policy' },
  { path: '/webhooks/signature-verification/', sidebar: 'webhooks', heading: 'Signature verification' },
  { path: '/webhooks/testing/', sidebar: 'webhooks', heading: 'Testing webhooks' },
  { path: '/webhooks/webhook-event-types-beta/', sidebar: 'webhooks', heading: 'Webhook event types (beta)' },
  { path: '/webhooks/webhook-event-types/', sidebar: 'webhooks', heading: 'Webhook event types' },
  { path: '/webhooks/webhook-model/', sidebar: 'webhooks', heading: 'Webhook model' },
  { path: '/operate/running-fanshelf/', sidebar: 'operate', heading: 'Running Fanshelf' },
  { path: '/operate/admin-roles/', sidebar: 'operate', heading: 'Admin roles' },
  { path: '/ai/mcp/', sidebar: null, heading: 'AI agents (MCP)' },
] as const

export const referenceRoutes = ['/open-api/', '/open-api-beta/', '/storefront-api/'] as const

export const siteTitle = 'Fanshelf Developer Docs'

/** Docusaurus namespaces storage keys per site (`theme-a1b`): find the key by its prefix. */
export async function storageKey(page: Page, prefix: string): Promise<string | undefined> {
  return page.evaluate((start) => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index)
      if (key !== null && (key === start || key.startsWith(`${start}-`))) return key
    }
    return undefined
  }, prefix)
}

/** Waits until React has hydrated the page (Docusaurus marks <html> once it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('html[data-has-hydrated="true"]', { state: 'attached' })
}
