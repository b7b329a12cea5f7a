import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react'
import { describedBy, FieldNotes } from './field-shell.js'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/**
 * A labelled text input: the label names it, `aria-describedby` points at its hint and error,
 * `aria-invalid` marks an error. Pass the touch keyboard and autofill hints a phone needs:
 * `inputMode="email" autoComplete="email"`, `type="tel" autoComplete="tel"`, `inputMode="decimal"`.
 */
export function TextField({ id: givenId, label, hint, error, className, ref, ...input }: TextFieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const notes = describedBy(id, hint, error)
  return (
    <div className={`fs-field${error ? ' fs-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        type="text"
        {...input}
        ref={ref}
        id={id}
        className="fs-input"
        aria-describedby={[input['aria-describedby'], notes.describedBy].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : input['aria-invalid']}
      />
      <FieldNotes {...notes} hint={hint} error={error} />
    </div>
  )
}
