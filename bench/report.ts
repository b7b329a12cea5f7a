/**
 * Benchmark results: printed as a table and kept in bench/results/<suite>.json so that
 * `npm run bench` can write one report (bench/results/latest.md) with the machine described.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface BenchRow {
  suite: string
  name: string
  value: number
  unit: string
  baseline?: number
  ratio?: number
  target?: string
  met?: boolean
  extra?: string
}

const resultsDir = path.join(import.meta.dirname, 'results')

export function machineDescription(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
}

export function formatRows(rows: BenchRow[]): string {
  const lines = ['| figure | value | baseline | ratio | target | met |', '| --- | --- | --- | --- | --- | --- |']
  for (const row of rows) {
    lines.push(
      `| ${row.name} | ${row.value.toFixed(row.value >= 100 ? 0 : 2)} ${row.unit}${row.extra ? ` (${row.extra})` : ''} | ${
        row.baseline === undefined ? '' : row.baseline.toFixed(0)
      } | ${row.ratio === undefined ? '' : `${(row.ratio * 100).toFixed(1)}%`} | ${row.target ?? ''} | ${
        row.met === undefined ? '' : row.met ? 'yes' : 'NO'
      } |`,
    )
  }
  return lines.join('\n')
}

export function recordResults(suite: string, rows: BenchRow[]): void {
  fs.mkdirSync(resultsDir, { recursive: true })
  fs.writeFileSync(
    path.join(resultsDir, `${suite}.json`),
    JSON.stringify({ suite, machine: machineDescription(), at: new Date().toISOString(), rows }, null, 2),
  )
  process.stdout.write(`\n${suite} benchmark on ${machineDescription()}\n\n${formatRows(rows)}\n`)
}
