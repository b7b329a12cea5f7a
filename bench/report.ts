/**
 * Benchmark results: printed as a table and kept in bench/results/<suite>.json so that
 * `npm run bench` can write one report (bench/results/latest.md) with the machine described.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { processMemory } from './process-memory.js'

export interface BenchRow {
  suite: string
  name: string
  value: number
  unit: string
  baseline?: number
  ratio?: number
  /** How the ratio reads: a share of the baseline (`62.5%`, the default) or a factor (`×1.60`). */
  ratioStyle?: 'percent' | 'times'
  target?: string
  met?: boolean
  extra?: string
}

export interface SuiteResults {
  suite: string
  machine?: string
  at?: string
  rows: BenchRow[]
}

export const resultsDir = path.join(import.meta.dirname, 'results')

export function machineDescription(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
}

/** The 1, 5 and 15-minute load averages: other work on the machine makes every figure noisier. */
export function loadDescription(): string {
  return `load average ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`
}

function number(value: number): string {
  return value.toFixed(Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2)
}

function ratio(row: BenchRow): string {
  if (row.ratio === undefined) return ''
  return row.ratioStyle === 'times' ? `×${row.ratio.toFixed(2)}` : `${(row.ratio * 100).toFixed(1)}%`
}

export function formatRows(rows: BenchRow[]): string {
  const lines = ['| figure | value | baseline | ratio | target | met |', '| --- | --- | --- | --- | --- | --- |']
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${number(row.value)} ${row.unit}${row.extra ? ` (${row.extra})` : ''} | ${
        row.baseline === undefined ? '' : number(row.baseline)
      } | ${ratio(row)} | ${row.target ?? ''} | ${row.met === undefined ? '' : row.met ? 'yes' : 'NO'} |`,
    )
  }
  return lines.join('\n')
}

/**
 * The peak resident set (VmHWM) of the process that served the suite's requests: `pid`, or this
 * process where the suite runs the API in-process (then the load generator's memory is in it too).
 */
export function peakRssRow(suite: string, name: string, pid: number = process.pid, budgetMb?: number): BenchRow {
  const { peakRssMb } = processMemory(pid)
  return {
    suite,
    name,
    value: peakRssMb,
    unit: 'MB',
    ...(budgetMb === undefined ? {} : { target: `≤ ${budgetMb} MB`, met: peakRssMb <= budgetMb }),
  }
}

export function recordResults(suite: string, rows: BenchRow[]): void {
  fs.mkdirSync(resultsDir, { recursive: true })
  fs.writeFileSync(
    path.join(resultsDir, `${suite}.json`),
    JSON.stringify({ suite, machine: machineDescription(), at: new Date().toISOString(), rows }, null, 2),
  )
  process.stdout.write(
    `\n${suite} benchmark on ${machineDescription()} (${loadDescription()})\n\n${formatRows(rows)}\n`,
  )
}

// ------------------------------------------------------------------------------------ reading

/** What apps/site/scripts/lighthouse.mjs writes (bench/results/site-lighthouse.json). */
interface LighthouseResults {
  runs: number
  /** The peak resident set of the server the pages were loaded from (`fanshelf start`, the bundle). */
  serverPeakRssMb?: number
  results: {
    page: string
    scores: Record<string, number>
    js: { transfer: number }
    budget: number
    metrics: { lcp: number; tbt: number }
    failedAudits: string[]
  }[]
}

/**
 * Lighthouse's per-page figures as rows: the gated scores, the JavaScript budget, and performance
 * against the issues' target (≥ 95 on mobile) — reported, not gated by the Lighthouse script, as it
 * varies with the machine's load.
 */
export function lighthouseRows(results: LighthouseResults): BenchRow[] {
  const rows: BenchRow[] = []
  for (const page of results.results) {
    const gated = ['accessibility', 'best-practices', 'seo']
    const lowest = Math.min(...gated.map((id) => page.scores[id] ?? 0))
    rows.push({
      suite: 'site',
      name: `${page.page}: accessibility / best practices / SEO`,
      value: lowest,
      unit: 'lowest score',
      target: '100 each',
      met: lowest === 100,
      extra: gated.map((id) => `${id} ${page.scores[id]}`).join(', '),
    })
    rows.push({
      suite: 'site',
      name: `${page.page}: JavaScript transferred (gzip)`,
      value: page.js.transfer / 1024,
      unit: 'KiB',
      baseline: page.budget / 1024,
      ratio: page.js.transfer / page.budget,
      target: '≤ 100% of budget',
      met: page.js.transfer <= page.budget,
    })
    rows.push({
      suite: 'site',
      name: `${page.page}: Lighthouse performance (mobile, simulated throttling)`,
      value: page.scores.performance ?? 0,
      unit: 'score',
      target: '≥ 95',
      met: (page.scores.performance ?? 0) >= 95,
      extra: `LCP ${Math.round(page.metrics.lcp)} ms, TBT ${Math.round(page.metrics.tbt)} ms, median of ${results.runs} run(s)`,
    })
  }
  if (results.serverPeakRssMb !== undefined) {
    rows.push({
      suite: 'site',
      name: 'peak RSS of the server (`fanshelf start` from the bundle, no demo shop)',
      value: results.serverPeakRssMb,
      unit: 'MB',
    })
  }
  return rows
}

/** Result files written in another shape than `<suite>.json`, with their conversion to rows. */
const foreignResults: Record<string, { file: string; toRows: (json: never) => BenchRow[] }> = {
  site: { file: 'site-lighthouse.json', toRows: lighthouseRows },
}

/** A suite's rows and when its file was written, or undefined when the suite left no results. */
export function readSuiteResults(suite: string): { rows: BenchRow[]; writtenAt: Date } | undefined {
  const own = path.join(resultsDir, `${suite}.json`)
  if (fs.existsSync(own)) {
    const json = JSON.parse(fs.readFileSync(own, 'utf8')) as SuiteResults
    return { rows: json.rows, writtenAt: fs.statSync(own).mtime }
  }
  const foreign = foreignResults[suite]
  if (!foreign) return undefined
  const file = path.join(resultsDir, foreign.file)
  if (!fs.existsSync(file)) return undefined
  return {
    rows: foreign.toRows(JSON.parse(fs.readFileSync(file, 'utf8')) as never),
    writtenAt: fs.statSync(file).mtime,
  }
}
