import { type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react'
import { describedBy, FieldNotes } from './field-shell.js'

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** The choices; or pass `<option>` children. */
  options?: readonly { value: string; label: string }[]
  ref?: Ref<HTMLSelectElement>
}

/** A labelled native select (the phone's own picker), its hint and error wired like TextField's. */
export function SelectField({
  id: givenId,
  label,
  hint,
  error,
  options,
  children,
  className,
  ref,
  ...select
}: SelectFieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const notes = describedBy(id, hint, error)
  return (
    <div className={`fs-field${error ? ' fs-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        {...select}
        ref={ref}
        id={id}
        className="fs-input fs-select"
        aria-describedby={[select['aria-describedby'], notes.describedBy].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : select['aria-invalid']}
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
