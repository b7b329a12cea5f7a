import type { ReactNode } from 'react'

export type PillTone = 'brand' | 'success' | 'info' | 'warning' | 'danger' | 'muted'

/**
 * A status word or tag (an HTTP method, a scope, an order status) in a rounded box that never
 * wraps mid-word. The colour never carries the meaning alone: the text says it.
 */
export function Pill(props: { tone?: PillTone; children: ReactNode; title?: string }) {
  return (
    <span className={`fs-pill fs-pill--${props.tone ?? 'muted'}`} title={props.title}>
      {props.children}
    </span>
  )
}

/** The same as Pill: the name lists of components use for a status. */
export const Badge = Pill
