import fc from 'fast-check'
import type { Operation } from '../http/contract.js'
import { caseArbitrary } from './contract-arbitraries.js'
import { changedTables } from './database-probe.js'
import type { FuzzCase, FuzzRequest } from './fuzz-case.js'
import type { FuzzEnvironment } from './fuzz-environment.js'
import { checkResponse, type DocumentedResponse, documentedResponses, type Violation } from './invariants.js'

/**
 * Runs generated cases against the in-process app, one at a time, round-robin over every
 * operation of the three contracts, and checks the invariants of each answer. A case is
 * reproducible from (seed, operationId, case index): its fast-check seed is derived from the
 * three, so `--seed S --operation X --case N` regenerates exactly that request.
 */

export interface FuzzOptions {
  seed: number
  /** Total number of requests (spread evenly over the operations). */
  runs: number
  /** Only these operations (default: every operation of the contracts). */
  operations?: string[]
  /** Replay one case index only (with `operations`). */
  caseIndex?: number
  /** A request that has not answered after this long is a hang. */
  timeoutMs?: number
  onProgress?: (done: number, total: number) => void
}

export interface ViolationRecord {
  operationId: string
  caseIndex: number
  seed: number
  kind: string
  target: string
  status: number | undefined
  violations: Violation[]
  request: FuzzRequest
  response: string
  /** The command that replays this case. */
  replay: string
}

export interface FuzzReport {
  seed: number
  requests: number
  /** operationId → status → count. */
  perOperation: Record<string, Record<string, number>>
  perStatus: Record<string, number>
  /** mutation kind → status → count. */
  perKind: Record<string, Record<string, number>>
  violations: ViolationRecord[]
  durationMs: number
}

/** FNV-1a over the text: a 32-bit seed per (run seed, operation, case). */
export function caseSeed(seed: number, operationId: string, caseIndex: number): number {
  let hash = 0x811c9dc5
  for (const char of `${seed}:${operationId}:${caseIndex}`) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash | 0
}

export function replayCommand(seed: number, operationId: string, caseIndex: number): string {
  return `npm run fuzz -- --seed ${seed} --operation ${operationId} --case ${caseIndex}`
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1
}

function truncated(request: FuzzRequest): FuzzRequest {
  const clip = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text)
  return {
    ...request,
    url: clip(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, clip(v)])),
    ...(request.payload === undefined ? {} : { payload: clip(request.payload) }),
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * A keyed write's domain error is saved with its key, so that a retry gets the same answer
 * (decision 0019, as Stripe): that one row is the documented effect of the refusal, not a leak. The
 * refusals that run before the handler — validation, body, authentication, scope, rate limit — are
 * never saved, so a row written for one of them is still a violation.
 */
const neverSavedCodes = new Set([
  'REQUEST_VALIDATION_FAILED',
  'MALFORMED_JSON',
  'JSON_TOO_DEEP',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'INSUFFICIENT_SCOPE',
  'BASIC_AUTH_REQUIRED',
  'STOREFRONT_TOKEN_MISSING',
  'STOREFRONT_TOKEN_INVALID',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_IN_USE',
  'IDEMPOTENCY_KEY_REUSED',
])

export function savesIdempotentAnswer(headers: Record<string, string>, responseText: string): boolean {
  const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1]
  if (key === undefined) return false
  try {
    const code = (JSON.parse(responseText) as { code?: unknown }).code
    return typeof code === 'string' && !neverSavedCodes.has(code)
  } catch {
    return false
  }
}

export async function runFuzz(environment: FuzzEnvironment, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now()
  const { platform, fixtures, probe } = environment
  const { contract, app } = platform
  const wanted = options.operations ? new Set(options.operations) : undefined
  const operations = contract.operations.filter((op) => !wanted || wanted.has(op.operationId))
  if (operations.length === 0) throw new Error(`No operation matches ${options.operations?.join(', ')}`)
  const plans = new Map<
    string,
    { operation: Operation; arbitrary: fc.Arbitrary<FuzzCase>; documented: Map<string, DocumentedResponse> }
  >()
  for (const operation of operations) {
    plans.set(operation.operationId, {
      operation,
      arbitrary: caseArbitrary(operation, contract, fixtures),
      documented: documentedResponses(contract, operation),
    })
  }
  const perOperationRuns = Math.ceil(options.runs / operations.length)
  const indices =
    options.caseIndex === undefined ? Array.from({ length: perOperationRuns }, (_, i) => i) : [options.caseIndex]
  const total = indices.length * operations.length
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    perOperation: {},
    perStatus: {},
    perKind: {},
    violations: [],
    durationMs: 0,
  }
  let known: { counter: number | undefined; digest: Map<string, string> } | undefined

  for (const caseIndex of indices) {
    for (const operation of operations) {
      const plan = plans.get(operation.operationId)
      if (!plan) continue
      const seed = caseSeed(options.seed, operation.operationId, caseIndex)
      const [fuzzCase] = fc.sample(plan.arbitrary, { seed, numRuns: 1 })
      if (!fuzzCase) continue

      const counterBefore = await probe.changeCounter()
      if (!known || counterBefore === undefined || counterBefore !== known.counter) {
        known = { counter: counterBefore, digest: await probe.fingerprint() }
      }
      const violations: Violation[] = []
      let status: number | undefined
      let responseText = ''
      try {
        const answer = await withTimeout(
          app.inject({
            method: fuzzCase.request.method,
            url: fuzzCase.request.url,
            headers: fuzzCase.request.headers,
            ...(fuzzCase.request.payload === undefined ? {} : { payload: fuzzCase.request.payload }),
          }),
          options.timeoutMs ?? 15_000,
        )
        if (answer === 'timeout') {
          violations.push({ rule: 'hang', message: `no answer within ${options.timeoutMs ?? 15_000} ms` })
        } else {
          status = answer.statusCode
          responseText = answer.body
          violations.push(
            ...checkResponse(contract, plan.documented, { status, headers: answer.headers, body: answer.body }),
          )
        }
      } catch (error) {
        violations.push({ rule: 'crash', message: `inject failed: ${String(error)}` })
      }

      if (status === undefined || status >= 400) {
        const counterAfter = await probe.changeCounter()
        if (counterAfter === undefined || counterAfter !== counterBefore) {
          const digest = await probe.fingerprint()
          const changed = changedTables(known.digest, digest).filter(
            (table) =>
              !(table === 'idempotency_keys' && savesIdempotentAnswer(fuzzCase.request.headers, responseText)) &&
              // Failed credentials are counted by design (decision 0030): the counter is the throttle.
              !(table === 'auth_attempts' && status === 401),
          )
          if (changed.length > 0) {
            violations.push({ rule: 'write-on-reject', message: `a rejected request changed ${changed.join(', ')}` })
          }
          known = { counter: counterAfter, digest }
        }
      }

      const statusKey = status === undefined ? 'none' : String(status)
      report.requests += 1
      report.perOperation[operation.operationId] ??= {}
      bump(report.perOperation[operation.operationId] as Record<string, number>, statusKey)
      bump(report.perStatus, statusKey)
      report.perKind[fuzzCase.kind] ??= {}
      bump(report.perKind[fuzzCase.kind] as Record<string, number>, statusKey)
      if (violations.length > 0) {
        report.violations.push({
          operationId: operation.operationId,
          caseIndex,
          seed: options.seed,
          kind: fuzzCase.kind,
          target: fuzzCase.target,
          status,
          violations,
          request: truncated(fuzzCase.request),
          response: responseText.slice(0, 600),
          replay: replayCommand(options.seed, operation.operationId, caseIndex),
        })
      }
      options.onProgress?.(report.requests, total)
    }
  }
  report.durationMs = Date.now() - started
  return report
}

/** One line per violation, for logs and assertion messages. */
export function describeViolation(record: ViolationRecord): string {
  const rules = record.violations.map((v) => `${v.rule}: ${v.message}`).join('; ')
  return (
    `${record.operationId} [${record.kind} @ ${record.target || '(root)'}] → ${record.status ?? 'no answer'}: ${rules}\n` +
    `  request: ${record.request.method} ${record.request.url} ${JSON.stringify(record.request.headers)} ${record.request.payload ?? ''}\n` +
    `  response: ${record.response}\n` +
    `  replay: ${record.replay}`
  )
}

export interface ViolationGroup {
  /** rule, status, mutation kind and the answer's code: what makes two violations the same finding. */
  signature: string
  count: number
  operations: Set<string>
  first: ViolationRecord
}

function codeOf(response: string): string {
  return /"(?:code|error)":"([^"]+)"/.exec(response)?.[1] ?? ''
}

/** Violations grouped into findings, the largest first. */
export function groupViolations(records: ViolationRecord[]): ViolationGroup[] {
  const groups = new Map<string, ViolationGroup>()
  for (const record of records) {
    for (const violation of record.violations) {
      const signature = `${violation.rule} ${record.status ?? '-'} ${codeOf(record.response)} [${record.kind}]`
      const group = groups.get(signature) ?? { signature, count: 0, operations: new Set<string>(), first: record }
      group.count += 1
      group.operations.add(record.operationId)
      groups.set(signature, group)
    }
  }
  return [...groups.values()].sort((a, b) => b.count - a.count)
}
