import { usePluginData } from '@docusaurus/useGlobalData'
import ScrollableTable from '@site/src/components/ScrollableTable'
import Details from '@theme/Details'
import Mermaid from '@theme/Mermaid'
import type { ReactNode } from 'react'
import type { PlatformFacts } from '../../../plugins/platform-facts/index.ts'
import { formatApprox, formatBytes, formatCount, formatDuration, formatPercent } from './format'

/** The constants of the server code (webhook delivery and rate-limit policies), read at build time. */
export function usePlatformFacts(): PlatformFacts {
  return usePluginData('fanshelf-platform-facts') as PlatformFacts
}

type Format = 'duration' | 'approx' | 'number' | 'bytes' | 'percent' | 'code' | 'seconds'

function lookup(facts: PlatformFacts, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (value !== null && typeof value === 'object' && key in value) return (value as Record<string, unknown>)[key]
    throw new Error(`Unknown platform fact "${path}"`)
  }, facts)
}

/** One constant, inline: <Fact path="delivery.responseTimeoutMs" format="duration" /> → "5 s". */
export function Fact({ path, format = 'number' }: { path: string; format?: Format }): ReactNode {
  const value = lookup(usePlatformFacts(), path)
  if (format === 'code') return <code>{String(value)}</code>
  if (typeof value !== 'number') throw new Error(`Platform fact "${path}" is not a number`)
  if (format === 'duration') return formatDuration(value)
  if (format === 'approx') return formatApprox(value)
  if (format === 'seconds') return `${value} s`
  if (format === 'bytes') return formatBytes(value)
  if (format === 'percent') return formatPercent(value)
  return formatCount(value)
}

function cumulative(delays: number[]): number[] {
  let total = 0
  return delays.map((delay) => {
    total += delay
    return total
  })
}

/** The retry schedule table: one row per attempt, from the delivery policy's retry delays. */
export function RetrySchedule(): ReactNode {
  const { retryDelaysMs, retryJitter } = usePlatformFacts().delivery
  const totals = cumulative(retryDelaysMs)
  const retries = retryDelaysMs.map((delay, position) => ({
    attempt: position + 2,
    delay,
    total: totals[position] ?? 0,
  }))
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Attempt</th>
          <th scope="col">Sent after the previous attempt failed</th>
          <th scope="col">Range with ±{formatPercent(retryJitter)} jitter</th>
          <th scope="col">Time since the first attempt (about)</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>1</td>
          <td>immediately, when the event is created</td>
          <td>—</td>
          <td>0</td>
        </tr>
        {retries.map(({ attempt, delay, total }) => (
          <tr key={attempt}>
            <td>{attempt}</td>
            <td>{formatDuration(delay)}</td>
            <td>
              {formatApprox(delay * (1 - retryJitter))} – {formatApprox(delay * (1 + retryJitter))}
            </td>
            <td>{formatApprox(total)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}

/** The life of one delivery as a Mermaid state diagram, numbers from the delivery policy. */
export function DeliveryLifecycleDiagram(): ReactNode {
  const { retryDelaysMs, maxAttempts, responseTimeoutMs, disableAfterFailingMs } = usePlatformFacts().delivery
  const schedule = retryDelaysMs.map(formatDuration).join(', ')
  const value = [
    'stateDiagram-v2',
    '  accTitle: Life of a webhook event',
    `  accDescr: An event is attempted up to ${maxAttempts} times; any 2xx within ${formatDuration(responseTimeoutMs)} delivers it, otherwise it is retried after ${schedule}.`,
    '  [*] --> PENDING: change committed (outbox)',
    '  PENDING --> DELIVERED: 2xx answer',
    `  PENDING --> RETRYING: non-2xx, redirect, or no answer in ${formatDuration(responseTimeoutMs)}`,
    '  RETRYING --> DELIVERED: a retry gets a 2xx',
    `  RETRYING --> RETRYING: next retry (${schedule})`,
    `  RETRYING --> FAILED: attempt ${maxAttempts} failed, or endpoint disabled`,
    '  FAILED --> PENDING: replay',
    '  DELIVERED --> PENDING: replay',
    '  DELIVERED --> [*]',
    '  FAILED --> [*]',
    `  note right of FAILED: an endpoint failing for ${formatDuration(disableAfterFailingMs)} is disabled`,
  ].join('\n')
  return (
    <>
      <Mermaid value={value} />
      <DiagramSteps summary="The life of an event, step by step">
        <li>A committed change queues the event as PENDING (the outbox).</li>
        <li>
          A 2xx answer within {formatDuration(responseTimeoutMs)} makes it DELIVERED; a non-2xx answer, a redirect or no
          answer in time makes it RETRYING.
        </li>
        <li>A RETRYING event is tried again after {schedule}; a 2xx on any retry makes it DELIVERED.</li>
        <li>
          When attempt {maxAttempts} fails, or the endpoint is disabled (it has failed for{' '}
          {formatDuration(disableAfterFailingMs)}), the event is FAILED.
        </li>
        <li>A DELIVERED or FAILED event can be replayed, which makes it PENDING again.</li>
      </DiagramSteps>
    </>
  )
}

/** A generated diagram's text equivalent: the steps it shows, in a <details> right after it. */
function DiagramSteps({ summary, children }: { summary: string; children: ReactNode }): ReactNode {
  return (
    <Details summary={<summary>{summary}</summary>}>
      <ol>{children}</ol>
    </Details>
  )
}

/** The retry timeline as a Mermaid diagram: each failed attempt and the wait before the next. */
export function RetryTimelineDiagram(): ReactNode {
  const { retryDelaysMs, maxAttempts } = usePlatformFacts().delivery
  const lines = [
    'flowchart LR',
    '  accTitle: Retry schedule',
    `  accDescr: ${maxAttempts} attempts with growing waits between them.`,
  ]
  lines.push('  A1["Attempt 1<br/>at once"]')
  retryDelaysMs.forEach((delay, index) => {
    lines.push(`  A${index + 1} -- "fails, wait ${formatDuration(delay)}" --> A${index + 2}["Attempt ${index + 2}"]`)
  })
  lines.push(`  A${maxAttempts} -- fails --> F(["FAILED"])`)
  return (
    <>
      <Mermaid value={lines.join('\n')} />
      <DiagramSteps summary="The retry schedule, step by step">
        <li>Attempt 1 is made at once.</li>
        {retryDelaysMs
          .map((delay, index) => ({ delay, next: index + 2 }))
          .map(({ delay, next }) => (
            <li key={next}>
              If attempt {next - 1} fails, attempt {next} follows {formatDuration(delay)} later.
            </li>
          ))}
        <li>If attempt {maxAttempts} fails, the event is FAILED.</li>
      </DiagramSteps>
    </>
  )
}

/** The rate-limit response headers, names from the rate-limit policy. */
export function RateLimitHeaderTable(): ReactNode {
  const { headers, limit, windowMs } = usePlatformFacts().rateLimit
  const windowSeconds = windowMs / 1000
  const rows: Array<[string, string, string]> = [
    [
      headers.policy,
      `"default";q=${limit};w=${windowSeconds}`,
      `The policy: quota q requests per window of w seconds.`,
    ],
    [
      headers.state,
      `"default";r=57;t=4`,
      'r requests left in the current window, t seconds until the oldest request leaves it.',
    ],
    [headers.limit, String(limit), 'Quota per window.'],
    [headers.remaining, '57', 'Requests that can start now without waiting.'],
    [
      headers.reset,
      '4',
      'Seconds (rounded up) until the oldest request in the window leaves it; 0 when the window is empty.',
    ],
    [headers.retryAfter, '12', `Only on 429 RATE_LIMITED: seconds to wait before retrying.`],
  ]
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Header</th>
          <th scope="col">Example</th>
          <th scope="col">Meaning</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, example, meaning]) => (
          <tr key={name}>
            <td>
              <code>{name}</code>
            </td>
            <td>
              <code>{example}</code>
            </td>
            <td>{meaning}</td>
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}

/** The storefront API's currencies and, when the server publishes them, its exchange rates. */
export function CurrencyTable(): ReactNode {
  const { currencies, usdRates } = usePlatformFacts().storefront
  return (
    <ScrollableTable>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col">Decimals</th>
          {usdRates ? <th scope="col">Units per 1 USD</th> : null}
        </tr>
      </thead>
      <tbody>
        {currencies.map((currency) => (
          <tr key={currency}>
            <td>
              <code>{currency}</code>
            </td>
            <td>{currency === 'JPY' ? 0 : 2}</td>
            {usdRates ? <td>{usdRates[currency] ?? '—'}</td> : null}
          </tr>
        ))}
      </tbody>
    </ScrollableTable>
  )
}
