/// <reference lib="dom" />
/** @jsxRuntime automatic */
import { Checkbox as UiCheckbox, SelectField as UiSelectField, TextField as UiTextField } from '@fanshelf/ui'
import { type ChangeEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react'
import { type Country, errorFor, type FieldError } from './page-state.js'

/**
 * Accessible form controls of the checkout and gift pages, the design system's (`@fanshelf/ui`):
 * every control has a visible label; an error is linked with `aria-describedby` and marks the
 * control `aria-invalid`; hints are linked the same way. Ids come from the field's name
 * (`fieldId`), so the error summary links to the control. Controls are uncontrolled (`defaultValue`),
 * so the same markup works as a plain HTML form without JavaScript and as the hydrated form.
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

/** The design system's text field, named and filled from the form's values and errors. */
export function TextField({ name, label, values, errors, required, ...input }: TextFieldProps) {
  return (
    <UiTextField
      {...input}
      id={fieldId(name)}
      name={name}
      label={
        <>
          {label}
          {required ? null : <span className="optional">{' (optional)'}</span>}
        </>
      }
      required={required}
      defaultValue={values[name] ?? ''}
      error={errorFor(errors, name)}
    />
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

/** The design system's select, named and filled from the form's values and errors. */
export function SelectField({ name, values, errors, ...select }: SelectFieldProps) {
  return (
    <UiSelectField
      {...select}
      id={fieldId(name)}
      name={name}
      defaultValue={values[name] ?? ''}
      error={errorFor(errors, name)}
    />
  )
}

interface CheckboxProps {
  name: string
  label: string
  checked: boolean
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void
}

export function Checkbox({ name, label, checked, onChange }: CheckboxProps) {
  return <UiCheckbox id={fieldId(name)} name={name} label={label} defaultChecked={checked} onChange={onChange} />
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
