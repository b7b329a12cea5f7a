import type { Page } from '@playwright/test'

/**
 * Watches a page for Content-Security-Policy violations (decision 0013): every
 * `securitypolicyviolation` event of every document the page loads (the listener is installed
 * before any of the page's own scripts run), and Chromium's console lines about refused
 * resources. Call it before the first navigation; read `violations` at the end of the test.
 */
export async function watchContentSecurityPolicy(page: Page): Promise<{ violations: string[] }> {
  const violations: string[] = []
  await page.exposeBinding('__fanshelfCspViolation', (_source, report: string) => {
    violations.push(report)
  })
  await page.addInitScript(() => {
    const report = (window as unknown as { __fanshelfCspViolation: (text: string) => void }).__fanshelfCspViolation
    document.addEventListener('securitypolicyviolation', (event) => {
      const blocked = event.blockedURI || 'inline'
      report(
        `${event.effectiveDirective} blocked ${blocked} on ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|send)/i.test(text)) {
      violations.push(`console: ${text}`)
    }
  })
  return { violations }
}
