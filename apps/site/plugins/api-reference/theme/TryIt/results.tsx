import type { ReactNode } from 'react'
import type { TryItOperation } from '../../lib/tryit-types.ts'
import { errorGuide, problemOf } from './error-guide.ts'
import type { BuiltRequest } from './request.ts'
import styles from './styles.module.css'

/** An answer as the console shows it. */
export interface Result {
  status: number
  statusText: string
  ms: number
  headers: Array<[string, string]>
  body: string
}

/** The request as sent (or about to be), credentials masked. */
export function RequestView({ request }: { request: BuiltRequest }): ReactNode {
  return (
    <div className={styles.block}>
      <p className={styles.label}>Request</p>
      <pre className={styles.pre}>
        {[
          `${request.method} ${request.maskedUrl}`,
          ...request.maskedHeaders.map(([name, value]) => `${name}: ${value}`),
        ].join('\n')}
        {request.body !== undefined ? `\n\n${request.body}` : ''}
      </pre>
    </div>
  )
}

/** The answer: status, time, headers, the problem of an error answer, and the body. */
export function ResponseView({ operation, result }: { operation: TryItOperation; result: Result }): ReactNode {
  return (
    <div className={styles.block} data-testid="try-it-response">
      <p className={styles.label}>
        Response <span className={result.status < 400 ? styles.ok : styles.bad}>{result.status}</span>{' '}
        {result.statusText} · {result.ms} ms
      </p>
      <details>
        <summary>Headers ({result.headers.length})</summary>
        <pre className={styles.pre}>{result.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}</pre>
      </details>
      {result.status >= 400 && <ProblemView operation={operation} result={result} />}
      <pre className={styles.pre}>{result.body || '(empty body)'}</pre>
    </div>
  )
}

/** An error answer: its code, message and details, and the guide section that explains it. */
function ProblemView({ operation, result }: { operation: TryItOperation; result: Result }): ReactNode {
  const problem = problemOf(result.body)
  const guide = errorGuide(operation, result.status, problem?.code)
  return (
    <div className={styles.problem} data-testid="try-it-problem">
      {problem?.code && (
        <p>
          <code>{problem.code}</code>
          {problem.message ? ` — ${problem.message}` : ''}
        </p>
      )}
      {!problem?.code && problem?.message && <p>{problem.message}</p>}
      {problem?.details !== undefined && <pre className={styles.pre}>{JSON.stringify(problem.details, null, 2)}</pre>}
      <p>
        Read: <a href={guide.href}>{guide.label}</a>
      </p>
    </div>
  )
}
