import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { expect, test } from './fixtures.ts'
import { repoRoot } from './server.ts'

/**
 * "Try it" cannot surprise: on a fresh demo install, served on a non-default port with a PUBLIC_URL
 * (server.ts), every operation of the three contracts
 * answers 2xx on the first press of "Send request", with nothing typed — the reader context
 * fills credentials, ids and bodies; writes are confirmed first (the confirmation says what will
 * change); a second press succeeds too (fresh "Try-it" names and objects, and for the OAuth token
 * endpoints a fresh code of the seeded demo platform app). No exceptions: all of them, every press.
 */

const specs = [
  { route: '/open-api/', file: 'openapi/open-api.yaml' },
  { route: '/open-api-beta/', file: 'openapi/open-api-beta.yaml' },
  { route: '/storefront-api/', file: 'openapi/storefront-api.yaml' },
] as const

function operationIds(file: string): string[] {
  const doc = parse(readFileSync(path.join(repoRoot, file), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>
  }
  return Object.values(doc.paths).flatMap((item) =>
    ['get', 'put', 'post', 'delete', 'patch'].flatMap((method) => item[method]?.operationId ?? []),
  )
}

for (const spec of specs) {
  test(`every operation on ${spec.route} answers 2xx on first press`, async ({ page, problems }) => {
    test.setTimeout(300_000)
    const ids = operationIds(spec.file)
    expect(ids.length).toBeGreaterThan(0)
    await page.goto(spec.route)
    const failures: string[] = []
    let passed = 0
    for (const operationId of ids) {
      const section = page.locator(`section.fsr-op[data-op="${operationId}"]`)
      await section.locator('.fsr-try').click()
      const console = section.locator('.fsr-console')
      await expect(console.locator('[data-reader-context="live"]')).toBeVisible({ timeout: 60_000 })
      for (let press = 1; press <= 2; press++) {
        const response = console.getByTestId('try-it-response')
        const before = press === 1 ? '' : ((await response.textContent()) ?? '')
        await console.getByRole('button', { name: 'Send request' }).click()
        const dialog = console.getByRole('alertdialog')
        const isWrite = await dialog.isVisible({ timeout: 1_000 }).catch(() => false)
        if (isWrite) {
          await expect(dialog.getByRole('button', { name: 'Send it' })).toBeFocused()
          expect((await dialog.textContent()) ?? '').toMatch(
            /creates|changes|deletes|records|marks|sets|queues|delivers|adds|removes|finishes|subscribes/i,
          )
          await dialog.getByRole('button', { name: 'Send it' }).click()
        }
        await expect(async () => {
          const text = (await response.textContent()) ?? ''
          expect(text).toMatch(/Response \d{3}/)
          expect(text).not.toBe(before)
        }).toPass({ timeout: 20_000 })
        const text = (await response.textContent()) ?? ''
        const status = Number(/Response (\d{3})/.exec(text)?.[1])
        if (status >= 200 && status < 300) {
          passed++
        } else {
          failures.push(`${operationId} (press ${press}${isWrite ? ', confirmed' : ''}): ${text.slice(0, 400)}`)
        }
      }
      await console.getByRole('button', { name: 'Close' }).click()
    }
    test.info().annotations.push({ type: 'passed presses', description: String(passed) })
    expect(failures).toEqual([])
    // No error answer, so nothing in the browser's log either.
    expect(problems).toEqual([])
    problems.length = 0
  })
}
