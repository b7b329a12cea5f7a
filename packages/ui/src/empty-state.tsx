import type { ReactNode } from 'react'

/** An empty list that says what it is for and what to do next. */
export function EmptyState(props: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="fs-empty">
      <h2 className="fs-empty__title">{props.title}</h2>
      <div className="fs-empty__body">{props.children}</div>
      {props.action && <div className="fs-empty__action">{props.action}</div>}
    </div>
  )
}
