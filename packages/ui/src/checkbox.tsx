import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { describedBy, FieldNotes } from './field-shell.js'

export type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/**
 * One choice (checkbox or radio) whose whole label is a tap target of at least `--fs-tap-size`.
 * Pass `id` when something else links to the control (a form's error summary); otherwise one is made.
 */
export function Choice({
  id: givenId,
  type,
  label,
  hint,
  error,
  className,
  ref,
  ...input
}: ChoiceProps & { type: 'checkbox' | 'radio' }) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const notes = describedBy(id, hint, error)
  return (
    <div className={`fs-choice${error ? ' fs-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <input
        {...input}
        ref={ref}
        type={type}
        id={id}
        className="fs-choice__input"
        aria-describedby={notes.describedBy}
        aria-invalid={error ? true : undefined}
      />
      <label className="fs-choice__label" htmlFor={id}>
        {label}
      </label>
      <FieldNotes {...notes} hint={hint} error={error} />
    </div>
  )
}

/** A labelled checkbox with an optional hint and error. */
export function Checkbox(props: ChoiceProps) {
  return <Choice {...props} type="checkbox" />
}
