import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

/**
 * The docs site's link settings make a build fail on a broken link, anchor or Markdown link: a fixture
 * site with the same settings (apps/site/config/strictness.ts) is built with one broken page at a
 * time, and once with none as a control.
 */
const here = path.dirname(fileURLToPath(import.meta.url))
const fixture = path.join(here, 'fixtures/broken-links')
const docusaurus = path.resolve(here, '../../node_modules/.bin/docusaurus')

function build(broken: string) {
  const outDir = mkdtempSync(path.join(tmpdir(), `fixture-${broken}-`))
  try {
    const result = spawnSync(docusaurus, ['build', '--out-dir', outDir], {
      cwd: fixture,
      env: { ...process.env, FIXTURE_BROKEN: broken, DOCUSAURUS_NO_PERSISTENT_CACHE: 'true' },
      encoding: 'utf8',
      timeout: 240_000,
    })
    return { status: result.status, output: `${result.stdout}\n${result.stderr}` }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

test.describe.configure({ mode: 'serial', timeout: 300_000 })

test('the fixture builds when every link resolves', () => {
  const result = build('none')
  expect(result.status, result.output).toBe(0)
})

test('a broken link fails the build', () => {
  const result = build('link')
  expect(result.status).not.toBe(0)
  expect(result.output).toContain('broken links')
  expect(result.output).toContain('/no-such-page/')
})

test('a broken anchor fails the build', () => {
  const result = build('anchor')
  expect(result.status).not.toBe(0)
  expect(result.output).toContain('broken anchors')
  expect(result.output).toContain('#no-such-heading')
})

test('a broken Markdown link fails the build', () => {
  const result = build('markdown')
  expect(result.status).not.toBe(0)
  expect(result.output).toContain('missing-file.md')
})
