import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react'
import { describedBy, FieldNotes } from './field-shell.js'

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** The choices; or pass `<option>` children. */
  options?: readonly { value: string; label: string }[]
  ref?: Ref<HTMLSelectElement>
}

/** A labelled native select (the phone's own picker), its hint and error wired like TextField's. */
export function SelectField({ label, hint, error, options, children, className, ref, ...select }: SelectFieldProps) {
  const id = useId()
  const notes = describedBy(id, hint, error)
  return (
    <div className={`fs-field${error ? ' fs-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="fs-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        {...select}
        ref={ref}
        id={id}
        className="fs-input fs-select"
        aria-describedby={notes.describedBy}
        aria-invalid={error ? true : undefined}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldNotes {...notes} hint={hint} error={error} />
    </div>
  )
}
