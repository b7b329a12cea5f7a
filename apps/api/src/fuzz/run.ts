import { parseArgs } from 'node:util'
import { createFuzzEnvironment } from './fuzz-environment.js'
import { describeViolation, type FuzzReport, groupViolations, runFuzz } from './fuzz-runner.js'

/**
 * `npm run fuzz [-- --runs N --seed S --operation ID --case I]`: contract fuzzing (decision 0015).
 * Prints the count per operation, per status and per mutation kind, then every invariant violation
 * with the command that replays it; exits 1 when there is one.
 */

const usage = `usage: npm run fuzz -- [--runs N] [--seed S] [--operation operationId]... [--case I]
  --runs N        total requests, spread over the operations (default 20000)
  --seed S        the run's seed (default: random, printed)
  --operation ID  only this operation (repeatable)
  --case I        replay case I only (with --operation)`

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new Error(`--${name} must be an integer (got ${text})\n${usage}`)
  return value
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

function statusCells(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
}

function print(report: FuzzReport): void {
  const perOperation = Object.entries(report.perOperation).map(([operationId, counts]) => [
    operationId,
    String(Object.values(counts).reduce((a, b) => a + b, 0)),
    statusCells(counts),
  ])
  console.log(`\nper operation\n${table([['operation', 'requests', 'statuses'], ...perOperation])}`)
  console.log(
    `\nper status\n${table(
      Object.entries(report.perStatus)
        .sort()
        .map(([s, n]) => [s, String(n)]),
    )}`,
  )
  const perKind = Object.entries(report.perKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, counts]) => [kind, statusCells(counts)])
  console.log(`\nper mutation\n${table(perKind)}`)
  console.log(
    `\n${report.requests} requests over ${Object.keys(report.perOperation).length} operations in ${(report.durationMs / 1000).toFixed(1)} s, seed ${report.seed}`,
  )
  if (report.violations.length === 0) {
    console.log('no invariant violations')
    return
  }
  const groups = groupViolations(report.violations)
  console.log(`\n${report.violations.length} invariant violations in ${groups.length} groups:`)
  for (const group of groups) {
    console.log(
      `\n${group.count}× ${group.signature} (${group.operations.size} operations: ${[...group.operations].slice(0, 8).join(', ')}${group.operations.size > 8 ? ', …' : ''})`,
    )
    console.log(describeViolation(group.first).replace(/^/gm, '  '))
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      seed: { type: 'string' },
      operation: { type: 'string', multiple: true },
      case: { type: 'string' },
      help: { type: 'boolean' },
    },
  })
  if (values.help) {
    console.log(usage)
    return 0
  }
  const seed = integer('seed', values.seed, Math.floor(Math.random() * 2 ** 31))
  const runs = integer('runs', values.runs, 20_000)
  const caseIndex = values.case === undefined ? undefined : integer('case', values.case, 0)
  console.log(`contract fuzzing: ${runs} requests, seed ${seed} (replay with --seed ${seed})`)
  const environment = await createFuzzEnvironment()
  try {
    let lastPrinted = 0
    const report = await runFuzz(environment, {
      seed,
      runs,
      ...(values.operation ? { operations: values.operation } : {}),
      ...(caseIndex === undefined ? {} : { caseIndex }),
      onProgress(done, total) {
        if (done - lastPrinted >= 2_000 || done === total) {
          lastPrinted = done
          console.log(`  ${done}/${total}`)
        }
      },
    })
    print(report)
    return report.violations.length === 0 ? 0 : 1
  } finally {
    await environment.close()
  }
}

process.exitCode = await main()
