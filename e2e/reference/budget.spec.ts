import { gzipSync } from 'node:zlib'
import { expect, test } from './fixtures.ts'

/**
 * JavaScript the reference pages add to the Docusaurus shell (runtime + main, loaded by every
 * page), gzip-compressed: the page's route chunks on load, and the try-it console's chunks when it
 * is opened. Budget: 100 KB on top of the shell.
 */
const budget = 100 * 1024

for (const { route, operation } of [
  { route: '/open-api/', operation: 'getCurrentShop' },
  { route: '/open-api-beta/', operation: 'listMembers' },
  { route: '/storefront-api/', operation: 'getStorefrontShop' },
]) {
  test(`${route} JavaScript stays within budget`, async ({ page, problems }) => {
    const scripts = new Map<string, number>()
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body().catch(() => undefined)
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length)
    })
    await page.goto(route)
    await page.waitForLoadState('networkidle')
    const shell = [...scripts].filter(([name]) => /\/(runtime~main|main)\.[^/]+\.js$/.test(name))
    const onLoad = [...scripts].filter(([name]) => !shell.some(([shellName]) => shellName === name))
    const loaded = new Set(scripts.keys())
    await page.locator(`[data-op="${operation}"] .fsr-try`).click()
    await expect(page.locator(`[data-op="${operation}"] .fsr-console form`)).toBeVisible({ timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    const console_ = [...scripts].filter(([name]) => !loaded.has(name))
    const sum = (list: Array<[string, number]>) => list.reduce((total, [, size]) => total + size, 0)
    const report = {
      route,
      shellGzip: sum(shell),
      referenceGzipOnLoad: sum(onLoad),
      tryItGzipOnDemand: sum(console_),
      chunks: Object.fromEntries([...onLoad, ...console_]),
    }
    test.info().annotations.push({ type: 'js-gzip', description: JSON.stringify(report) })
    console.log(JSON.stringify(report))
    expect(report.referenceGzipOnLoad + report.tryItGzipOnDemand).toBeLessThan(budget)
    expect(problems).toEqual([])
  })
}
