import { test as base, expect } from '@playwright/test'

/**
 * Every page of the suite is watched: a console error or warning, an uncaught exception (React's
 * hydration errors arrive as both) or a request to any host but 127.0.0.1 fails the test.
 */
export const test = base.extend<{ problems: string[] }>({
  problems: async ({ context, page }, use) => {
    const problems: string[] = []
    // Observed, not intercepted: routing every request would also intercept the 401 Basic
    // challenges the try-it console provokes on purpose (Chromium then stalls the fetch).
    context.on('request', (request) => {
      const url = new URL(request.url())
      if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return
      problems.push(`request left 127.0.0.1: ${url.href}`)
    })
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return
      const source = message.location().url
      problems.push(`console ${message.type()}: ${message.text()} (${source})`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await use(problems)
    expect(problems).toEqual([])
  },
})

export { expect }

export const pages = [
  { route: '/open-api/', title: 'Fanshelf Open API', operation: 'operation/listOrders', schema: 'schema/Order' },
  {
    route: '/open-api-beta/',
    title: 'Fanshelf Open API — beta',
    operation: 'operation/listMembers',
    schema: 'schema/Member',
  },
  {
    route: '/storefront-api/',
    title: 'Fanshelf Storefront API',
    operation: 'operation/getStorefrontProduct',
    schema: 'schema/Cart',
  },
] as const
