import { spawnSync } from 'node:child_process'
import { expect, type Page, test } from '@playwright/test'
import { origin } from './server.ts'

/**
 * Each guide's curl samples, copied from the page with its copy button as a reader would, run in a
 * shell with nothing set in the environment: on a local demo install the page fills in the server's
 * origin, the demo shop's credentials and live ids (decision 0032), so they must succeed unchanged.
 * The only samples not run are those that need a value an earlier step of the guide prints.
 */

/** The guides with curl samples (the others show code in other languages, or none). */
const guides = [
  '/',
  '/platform-apps/',
  '/api-conventions/',
  '/ai/mcp/',
  '/compatibility/',
  '/storefront/getting-started/',
  '/storefront/collection/',
  '/storefront/checkout/',
  '/webhooks/',
  '/webhooks/testing/',
  '/webhooks/gifting-guide/',
  '/webhooks/limitations/',
  '/webhooks/response-retry-policies/',
]

/**
 * Values no page can know before the reader runs the step above the sample (its answer prints them).
 * Every other variable a sample reads must be filled in by the page.
 */
const fromAnEarlierStep: Record<string, string> = {
  ACCESS_TOKEN: 'the token exchange above answers it',
  REFRESH_TOKEN: 'the token exchange above answers it',
  WEBHOOK_EVENT_ID: 'an event the reader has: one the "Send a test event" sample queued, or the last of a page read',
  DRAW_ID: 'the draw `fanshelf trigger GIFT_DRAW_STARTED` opens in the step above',
  GIVEAWAY_ID: 'the "create a giveaway" sample above answers it',
}

/** Variables a block reads without giving them a value itself or a `${NAME:-default}`. */
function unsetVariables(code: string): string[] {
  const assigned = new Set([...code.matchAll(/\b([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]))
  const read = [...code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)(?![A-Z0-9_]*:-)/g)].map((match) => match[1] as string)
  return [...new Set(read.filter((name) => !assigned.has(name)))]
}

async function copiedCurlSamples(page: Page, path: string): Promise<string[]> {
  await page.goto(path)
  await expect(page.locator('html[data-reader-context]')).toHaveAttribute('data-reader-context', 'ready')
  const blocks = page
    .locator('.theme-code-block')
    .filter({ has: page.locator('code.language-bash, pre.language-bash') })
  const samples: string[] = []
  for (const block of await blocks.all()) {
    const shown = await block.locator('pre').innerText()
    if (!/\bcurl\b/.test(shown)) continue
    await block.hover()
    await block.getByRole('button', { name: /copy/i }).click()
    samples.push(await page.evaluate(() => navigator.clipboard.readText()))
  }
  return samples
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

for (const path of guides) {
  test(`the curl samples of ${path} run as copied`, async ({ page }) => {
    const samples = await copiedCurlSamples(page, path)
    expect(samples.length, 'curl samples copied from the page').toBeGreaterThan(0)
    const failures: string[] = []
    let ran = 0
    for (const sample of samples) {
      expect(sample, 'a copied sample names this server, not the default port').not.toMatch(/:4000\b/)
      const unset = unsetVariables(sample)
      if (unset.length > 0) {
        // Only a value an earlier step prints may be missing.
        expect(
          unset.filter((name) => fromAnEarlierStep[name] === undefined),
          `unfilled variables in:\n${sample}`,
        ).toEqual([])
        continue
      }
      const run = spawnSync('bash', ['-eo', 'pipefail', '-c', sample], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp' },
        encoding: 'utf8',
        timeout: 30_000,
      })
      ran++
      if (run.status !== 0) failures.push(`exit ${run.status}\n${sample}\n--- output\n${run.stdout}${run.stderr}`)
    }
    expect(failures, `samples that failed on ${origin}${path}`).toEqual([])
    expect(ran, 'samples run').toBeGreaterThan(0)
  })
}

test('every guide with a curl sample is in the list above', async () => {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1] as string).pathname)
    .filter(
      (path) => !path.startsWith('/1.0/') && !['/open-api/', '/open-api-beta/', '/storefront-api/'].includes(path),
    )
  const withCurl: string[] = []
  for (const path of paths) {
    const html = await (await fetch(`${origin}${path}`)).text()
    if (/\bcurl\s+-/.test(html.replace(/<[^>]+>/g, ''))) withCurl.push(path)
  }
  expect(withCurl.sort()).toEqual([...guides].sort())
})
