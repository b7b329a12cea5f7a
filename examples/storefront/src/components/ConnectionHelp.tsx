import { Fragment } from 'react'
import type { ConnectionProblem } from '../connection'

/** Text with `code` spans, as the advice is written. */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered.
        index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  )
}

/** What the storefront shows instead of the shop when it cannot reach its API: what it tried, what failed, what to do. */
export function ConnectionHelp({ problem }: { problem: ConnectionProblem }) {
  return (
    <main className="setup" aria-labelledby="setup-title">
      <h1 id="setup-title">{problem.title}</h1>
      <p role="alert">
        {problem.origin ? (
          <>
            Tried <code>{problem.origin}</code>: {problem.failure}.
          </>
        ) : (
          <>{problem.failure[0]?.toUpperCase() + problem.failure.slice(1)}.</>
        )}
      </p>
      <p>
        <WithCode text={problem.advice} />
      </p>
    </main>
  )
}
