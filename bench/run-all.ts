/**
 * npm run bench — runs every benchmark suite (each an npm script bench:<suite>: api, webhooks, site,
 * scale, …) one after the other, then writes bench/results/latest.md: each figure, its baseline and
 * ratio, the target and whether it is met, with the machine and its load described. Figures are
 * reported, never asserted. A suite that failed or left no fresh results is named as such; results
 * older than this run are never passed off as its own.
 *
 *   npm run bench [-- api scale]       (only the named suites)
 *   npm run bench -- --report-only     (rewrite latest.md from the results already there)
 *
 * bench:soak (bench/soak.ts) runs for its warm-up plus SOAK_MINUTES (1 + 10 minutes by default):
 * `SOAK_MINUTES=1 SOAK_WARMUP_MINUTES=0.25 npm run bench -- soak` for a quick look.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  type BenchRow,
  formatRows,
  loadDescription,
  machineDescription,
  readSuiteResults,
  resultsDir,
} from './report.js'

const root = path.resolve(import.meta.dirname, '..')
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>
const reportOnly = process.argv.includes('--report-only')
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const suites = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:'))
  .map((name) => name.slice('bench:'.length))
  .filter((suite) => requested.length === 0 || requested.includes(suite))

const started = new Date()
const loadBefore = loadDescription()
const outcomes = new Map<string, { status: number | null; seconds: number }>()
for (const suite of reportOnly ? [] : suites) {
  process.stdout.write(`\n== bench:${suite} ==\n`)
  const suiteStarted = performance.now()
  const result = spawnSync('npm', ['run', `bench:${suite}`], { cwd: root, stdio: 'inherit' })
  outcomes.set(suite, { status: result.status, seconds: (performance.now() - suiteStarted) / 1000 })
}
const loadAfter = loadDescription()

const sections: string[] = [
  '# Benchmark report',
  '',
  reportOnly
    ? `Machine: ${machineDescription()}. Rewritten ${started.toISOString()} by \`npm run bench -- --report-only\` from the results already there.`
    : `Machine: ${machineDescription()}. Generated ${new Date().toISOString()} by \`npm run bench\` ` +
      `(started ${started.toISOString()}; ${loadBefore} before, ${loadAfter} after).`,
  '',
  'Ratios compare figures measured in the same run, on the same machine, under the same load; absolute',
  'numbers depend on the machine and on whatever else it was doing (see the load averages).',
]
const problems: string[] = []
const summary: string[] = []
for (const suite of suites) {
  const outcome = outcomes.get(suite) ?? { status: 0, seconds: 0 }
  const results = readSuiteResults(suite)
  const fresh = results !== undefined && results.writtenAt >= started
  sections.push('', `## ${suite}`, '')
  if (outcome.status !== 0) {
    problems.push(suite)
    sections.push(`\`npm run bench:${suite}\` exited with status ${outcome.status}.`, '')
  }
  if (!results) {
    sections.push('No results.')
    summary.push(`| ${suite} | no results | | |`)
    continue
  }
  if (!fresh)
    sections.push(`These results are from an earlier run (${results.writtenAt.toISOString()}), not this one.`, '')
  sections.push(formatRows(results.rows))
  const targeted = results.rows.filter((row: BenchRow) => row.met !== undefined)
  const met = targeted.filter((row) => row.met).length
  summary.push(
    `| ${suite} | ${fresh ? `${outcome.seconds.toFixed(0)} s` : `earlier run (${results.writtenAt.toISOString()})`} | ${met} of ${targeted.length} | ${
      targeted
        .filter((row) => !row.met)
        .map((row) => row.name)
        .join('; ') || '—'
    } |`,
  )
}
sections.splice(6, 0, '', '| suite | ran for | targets met | targets missed |', '| --- | --- | --- | --- |', ...summary)
if (problems.length > 0) sections.push('', `Suites that did not finish cleanly: ${problems.join(', ')}.`)
fs.mkdirSync(resultsDir, { recursive: true })
fs.writeFileSync(path.join(resultsDir, 'latest.md'), `${sections.join('\n')}\n`)
process.stdout.write(`\nWrote bench/results/latest.md\n`)
process.exitCode = problems.length > 0 ? 1 : 0
