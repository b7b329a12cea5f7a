import { cloneElement, type ReactElement, type ReactNode, useId } from 'react'

/**
 * A labelled form control with its hint and error, wired for assistive technology: the label
 * names the control, `aria-describedby` points at the hint and the error, `aria-invalid` marks it.
 */
export function Field(props: {
  label: ReactNode
  hint?: ReactNode
  error?: string
  children: ReactElement<Record<string, unknown>>
  className?: string
}) {
  const id = useId()
  const hintId = props.hint ? `${id}-hint` : undefined
  const errorId = props.error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${props.error ? ' field--invalid' : ''}${props.className ? ` ${props.className}` : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {cloneElement(props.children, {
        id,
        'aria-describedby': describedBy,
        'aria-invalid': props.error ? true : undefined,
      })}
      {props.hint && (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field__error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  )
}

/** A group of checkboxes or radios with a legend and one error for the group. */
export function FieldSet(props: {
  legend: ReactNode
  hint?: ReactNode
  error?: string
  children: ReactNode
  className?: string
}) {
  const id = useId()
  return (
    <fieldset
      className={`fieldset${props.error ? ' field--invalid' : ''}${props.className ? ` ${props.className}` : ''}`}
      aria-describedby={
        [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].join(' ').trim() || undefined
      }
    >
      <legend>{props.legend}</legend>
      {props.hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.children}
      {props.error && (
        <p className="field__error" id={`${id}-error`}>
          {props.error}
        </p>
      )}
    </fieldset>
  )
}

/** The form-level message of a refused submission (`root.server`) or a rule with no field (`root.contract`). */
export function FormAlert(props: { messages: (string | undefined)[] }) {
  const shown = props.messages.filter((m): m is string => Boolean(m))
  if (shown.length === 0) return null
  return (
    <div className="alert alert--error" role="alert">
      {shown.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  )
}
