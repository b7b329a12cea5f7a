import type { ReactNode } from 'react'

/**
 * A short message after an action ("Webhook saved"), announced politely: the live region is always
 * rendered (so screen readers hear what appears in it) and empty when there is nothing to say.
 */
export function Toast(props: {
  message: ReactNode | undefined
  tone?: 'success' | 'info' | 'danger'
  onDismiss?: () => void
}) {
  return (
    <div className="fs-toast-region" role="status" aria-live="polite">
      {props.message && (
        <div className={`fs-toast fs-toast--${props.tone ?? 'success'}`}>
          <span>{props.message}</span>
          {props.onDismiss && (
            <button type="button" className="fs-button fs-button--link" onClick={props.onDismiss}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  )
}
