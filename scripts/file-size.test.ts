import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No source file over 400 lines (README, "How we build"): a longer file holds more than one
 * responsibility and is split by them. Lines are counted as `wc -l` counts them.
 */

const root = path.resolve(import.meta.dirname, '..')
const maxLines = 400
const sourceFile = /\.(ts|tsx|mts|mjs)$/

/** Files the rule does not apply to, by pattern: their length is not a reader's burden. */
const exemptPatterns: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /^packages\/contract\/src\/generated\//, why: 'generated from the contracts (npm run generate:contract)' },
  { pattern: /^packages\/sdk\/src\/generated\//, why: 'generated from the contracts (npm run generate:sdk)' },
  { pattern: /^apps\/api\/src\/db\/migrations\//, why: 'migrations are frozen history' },
  { pattern: /^apps\/api\/src\/seed\/demo-shop-[^/]+\.ts$/, why: 'a demo shop is data (its catalogue)' },
]

/**
 * Files still over the limit, each to be split by what it covers. The list only shrinks: an entry
 * whose file is gone or back under the limit fails the suite until it is removed.
 */
const stillOverLimit: readonly string[] = []

function lineCount(text: string): number {
  let count = 0
  for (const char of text) if (char === '\n') count += 1
  return count
}

/** The files over `limit` lines that no pattern or list entry exempts, with their lengths. */
function oversizedFiles(
  files: readonly { file: string; lines: number }[],
  limit: number,
  exempt: { patterns: readonly RegExp[]; files: readonly string[] },
): string[] {
  return files
    .filter(({ file, lines }) => lines > limit && !exempt.files.includes(file))
    .filter(({ file }) => !exempt.patterns.some((pattern) => pattern.test(file)))
    .map(({ file, lines }) => `${file}: ${lines} lines (at most ${limit}; split it by responsibility)`)
}

/** Tracked and new (not ignored) source files, with their lengths. */
function sourceFiles(): { file: string; lines: number }[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  return [...new Set(listed.split('\n'))]
    .filter((file) => sourceFile.test(file) && existsSync(path.join(root, file)))
    .map((file) => ({ file, lines: lineCount(readFileSync(path.join(root, file), 'utf8')) }))
}

describe('source files', () => {
  const files = sourceFiles()

  it(`are at most ${maxLines} lines, except generated code, migrations, data and the listed ones`, () => {
    expect(files.length).toBeGreaterThan(500)
    const exempt = { patterns: exemptPatterns.map(({ pattern }) => pattern), files: stillOverLimit }
    expect(oversizedFiles(files, maxLines, exempt)).toEqual([])
  })

  it('over the limit by exemption still exist and are still over it (the list only shrinks)', () => {
    const lengths = new Map(files.map(({ file, lines }) => [file, lines]))
    const stale = stillOverLimit.filter((file) => (lengths.get(file) ?? 0) <= maxLines)
    expect(stale).toEqual([])
  })

  it('are found oversized when they are (the check can fail)', () => {
    const found = oversizedFiles(
      [
        { file: 'apps/api/src/big.ts', lines: 401 },
        { file: 'apps/api/src/fits.ts', lines: 400 },
        { file: 'apps/api/src/listed.ts', lines: 900 },
        { file: 'packages/sdk/src/generated/open-api.ts', lines: 12_000 },
      ],
      400,
      { patterns: [/^packages\/sdk\/src\/generated\//], files: ['apps/api/src/listed.ts'] },
    )
    expect(found).toEqual(['apps/api/src/big.ts: 401 lines (at most 400; split it by responsibility)'])
    expect(lineCount('one\ntwo\n')).toBe(2)
  })
})
