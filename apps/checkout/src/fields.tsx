/// <reference lib="dom" />
/** @jsxRuntime automatic */
import { type ChangeEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { type Country, errorFor, type FieldError } from './page-state.js'

/**
 * Accessible form controls of the checkout and gift pages: every control has a visible label;
 * an error is linked with `aria-describedby` and marks the control `aria-invalid`; hints are
 * linked the same way. Controls are uncontrolled (`defaultValue`), so the same markup works as a
 * plain HTML form without JavaScript and as the hydrated form.
 */

/** The DOM id of a field (dots are not convenient in CSS selectors and fragment links). */
export function fieldId(name: string): string {
  return `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`
}

interface TextFieldProps {
  name: string
  label: string
  values: Record<string, string>
  errors: FieldError[]
  type?: 'text' | 'email' | 'tel'
  autoComplete?: string
  inputMode?: 'text' | 'numeric' | 'email' | 'tel'
  required?: boolean
  hint?: string
  placeholder?: string
  maxLength?: number
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
}

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

function Messages({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <span className="messages">
      {hint ? (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      ) : null}
    </span>
  )
}

export function TextField(props: TextFieldProps) {
  const id = fieldId(props.name)
  const error = errorFor(props.errors, props.name)
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {props.label}
        {props.required ? null : <span className="optional">{' (optional)'}</span>}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        defaultValue={props.values[props.name] ?? ''}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={props.required}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, props.hint, error)}
        onChange={props.onChange}
      />
      <Messages id={id} hint={props.hint} error={error} />
    </div>
  )
}

interface SelectFieldProps {
  name: string
  label: string
  values: Record<string, string>
  errors: FieldError[]
  options: { value: string; label: string }[]
  autoComplete?: string
  required?: boolean
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void
}

export function SelectField(props: SelectFieldProps) {
  const id = fieldId(props.name)
  const error = errorFor(props.errors, props.name)
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.values[props.name] ?? ''}
        autoComplete={props.autoComplete}
        required={props.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        onChange={props.onChange}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} />
    </div>
  )
}

interface CheckboxProps {
  name: string
  label: string
  checked: boolean
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
}

export function Checkbox(props: CheckboxProps) {
  const id = fieldId(props.name)
  return (
    <div className="checkbox">
      <input id={id} name={props.name} type="checkbox" defaultChecked={props.checked} onChange={props.onChange} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  )
}

interface AddressProps {
  prefix: 'shipping' | 'billing'
  legend: string
  values: Record<string, string>
  errors: FieldError[]
  countries: Country[]
  hidden?: boolean
  onDestinationChange?: () => void
}

/** One postal address, with autocomplete tokens scoped to its section (shipping or billing). */
export function AddressFields(props: AddressProps): ReactNode {
  const { prefix, values, errors } = props
  const section = `section-${prefix} ${prefix}`
  const common = { values, errors }
  return (
    <fieldset className="address" hidden={props.hidden}>
      <legend>{props.legend}</legend>
      <TextField {...common} name={`${prefix}.name`} label="Full name" autoComplete={`${section} name`} required />
      <TextField
        {...common}
        name={`${prefix}.address1`}
        label="Street address"
        autoComplete={`${section} address-line1`}
        required
      />
      <TextField
        {...common}
        name={`${prefix}.address2`}
        label="Apartment, suite, etc."
        autoComplete={`${section} address-line2`}
      />
      <div className="row">
        <TextField
          {...common}
          name={`${prefix}.city`}
          label="City"
          autoComplete={`${section} address-level2`}
          required
        />
        <TextField
          {...common}
          name={`${prefix}.state`}
          label="State / province"
          autoComplete={`${section} address-level1`}
          hint="Required in the US, Canada and Australia"
          onChange={props.onDestinationChange}
        />
      </div>
      <div className="row">
        <TextField
          {...common}
          name={`${prefix}.zip`}
          label="Postal code"
          autoComplete={`${section} postal-code`}
          required
        />
        <SelectField
          {...common}
          name={`${prefix}.country`}
          label="Country"
          autoComplete={`${section} country`}
          required
          options={[{ value: '', label: 'Choose…' }, ...props.countries.map((c) => ({ value: c.code, label: c.name }))]}
          onChange={props.onDestinationChange}
        />
      </div>
      <TextField
        {...common}
        name={`${prefix}.phone`}
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete={`${section} tel`}
        hint="For delivery questions only"
      />
    </fieldset>
  )
}

/** The error summary: a focusable alert listing every problem, each linking to its field. */
export function ErrorSummary(props: {
  errors: FieldError[]
  formError: string | null
  alertRef?: RefObject<HTMLDivElement | null>
}) {
  const has = props.errors.length > 0 || props.formError
  return (
    <div className={has ? 'alert' : 'alert empty'} role="alert" tabIndex={-1} ref={props.alertRef}>
      {props.formError ? <p>{props.formError}</p> : null}
      {props.errors.length > 0 ? (
        <ul>
          {props.errors.map((e) => (
            <li key={e.field}>
              <a href={`#${fieldId(e.field)}`}>{e.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/**
 * Focus for the error summary: `focusAlert()` moves focus to it once React has rendered the new
 * problems (it is hidden while empty, so focusing before the commit would do nothing).
 */
export function useAlertFocus() {
  const alertRef = useRef<HTMLDivElement | null>(null)
  const [requests, setRequests] = useState(0)
  useEffect(() => {
    if (requests > 0) alertRef.current?.focus()
  }, [requests])
  return { alertRef, focusAlert: () => setRequests((n) => n + 1) }
}
