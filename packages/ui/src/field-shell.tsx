import type { ReactNode } from 'react'

/** The ids a labelled control's hint and error get, and the `aria-describedby` that names them. */
export function describedBy(id: string, hint: unknown, error: unknown) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  return { hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined }
}

/** A hint and an error under a control, each with the id its `aria-describedby` names. */
export function FieldNotes(props: { hintId?: string; errorId?: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {props.hint && (
        <p className="fs-field__hint" id={props.hintId}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="fs-field__error" id={props.errorId}>
          {props.error}
        </p>
      )}
    </>
  )
}
