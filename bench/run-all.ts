/**
 * npm run bench — runs every benchmark suite (each an npm script bench:<suite>) one after the other,
 * then writes bench/results/latest.md: each figure, its baseline and ratio, the target and whether
 * it is met, with the machine described. Figures are reported, never asserted.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { type BenchRow, formatRows, machineDescription } from './report.js'

const root = path.resolve(import.meta.dirname, '..')
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>
const suites = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:'))
  .map((name) => name.slice('bench:'.length))

const failed: string[] = []
for (const suite of suites) {
  process.stdout.write(`\n== bench:${suite} ==\n`)
  const result = spawnSync('npm', ['run', `bench:${suite}`], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) failed.push(suite)
}

const resultsDir = path.join(root, 'bench/results')
const sections: string[] = [
  '# Benchmark report',
  '',
  `Machine: ${machineDescription()}. Generated ${new Date().toISOString()} by \`npm run bench\`.`,
  'Ratios compare figures measured in the same run; absolute numbers depend on the machine.',
]
for (const suite of suites) {
  const file = path.join(resultsDir, `${suite}.json`)
  if (!fs.existsSync(file)) continue
  const { rows } = JSON.parse(fs.readFileSync(file, 'utf8')) as { rows: BenchRow[] }
  sections.push('', `## ${suite}`, '', formatRows(rows))
}
if (failed.length > 0) sections.push('', `Suites that failed to run: ${failed.join(', ')}.`)
fs.mkdirSync(resultsDir, { recursive: true })
fs.writeFileSync(path.join(resultsDir, 'latest.md'), `${sections.join('\n')}\n`)
process.stdout.write(`\nWrote bench/results/latest.md\n`)
process.exitCode = failed.length > 0 ? 1 : 0
