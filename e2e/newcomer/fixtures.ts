import { test as base, expect } from '@playwright/test'
import { origin } from './server.ts'

/**
 * Every page of the suite is watched: a console error or warning, an uncaught exception (React's
 * hydration errors arrive as both) or a request to any origin but the server's PUBLIC_URL fails the
 * test — the default port included.
 */
export const test = base.extend<{ problems: string[] }>({
  problems: async ({ context, page }, use) => {
    const problems: string[] = []
    context.on('request', (request) => {
      const url = new URL(request.url())
      if (url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:') return
      problems.push(`request left ${origin}: ${url.href}`)
    })
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return
      problems.push(`console ${message.type()}: ${message.text()} (${message.location().url})`)
    })
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    await use(problems)
    expect(problems).toEqual([])
  },
})

export { expect }
