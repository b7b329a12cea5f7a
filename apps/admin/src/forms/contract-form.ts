import type { ContractError, ContractValidator } from 'virtual:fanshelf-contract'
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form'
import { ApiError } from '../api/client.ts'

/**
 * Forms validate with the contract: a form's values become the request body (`toBody`), the
 * body is checked by the validator generated from the API's own schema, and each error lands on
 * the field it names. The server's answer (400 `details.errors[]`, or a `details.field`) lands the
 * same way, for the rules only the server can check (uniqueness, the shop's currency…).
 */

/** The form field of a JSON pointer into the body (`/variants/0/sku` → `variants.0.sku`), or undefined. */
export type FieldOf = (pointer: string) => string | undefined

export const sameShape: FieldOf = (pointer) => pointer.replace(/^\//, '').replaceAll('/', '.') || undefined

/** A readable message for an error of the generated validator (the server words them alike). */
export function describeError(error: ContractError, hints: Record<string, string> = {}): string {
  const p = error.params
  switch (error.keyword) {
    case 'required':
      return 'Required'
    case 'minLength':
      return p.limit === 1 ? 'Required' : `At least ${String(p.limit)} characters`
    case 'maxLength':
      return `At most ${String(p.limit)} characters`
    case 'minimum':
      return `Must be at least ${String(p.limit)}`
    case 'maximum':
      return `Must be at most ${String(p.limit)}`
    case 'exclusiveMinimum':
      return `Must be more than ${String(p.limit)}`
    case 'minItems':
      return p.limit === 1 ? 'Add at least one' : `Add at least ${String(p.limit)}`
    case 'maxItems':
      return `At most ${String(p.limit)}`
    case 'uniqueItems':
      return 'Contains duplicates'
    case 'type':
      return p.type === 'integer' ? 'Enter a whole number' : p.type === 'number' ? 'Enter a number' : 'Invalid value'
    case 'enum':
      return `Choose one of: ${(p.allowedValues as unknown[]).join(', ')}`
    case 'format':
      return p.format === 'uri'
        ? 'Enter a full URL, e.g. https://example.com/hooks'
        : `Must be a valid ${String(p.format)}`
    case 'pattern': {
      const description = hints[error.schemaPath]
      return description ? `Invalid format — ${description}` : 'Invalid format'
    }
    default:
      return error.message ? `${error.message[0]?.toUpperCase()}${error.message.slice(1)}` : 'Invalid value'
  }
}

function pointerOf(error: ContractError): string {
  if (error.keyword === 'required') return `${error.instancePath}/${String(error.params.missingProperty)}`
  if (error.keyword === 'additionalProperties')
    return `${error.instancePath}/${String(error.params.additionalProperty)}`
  return error.instancePath
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  let node = target
  keys.forEach((key, index) => {
    if (index === keys.length - 1) {
      if (node[key] === undefined) node[key] = value
      return
    }
    node[key] ??= /^\d+$/.test(keys[index + 1] ?? '') ? [] : {}
    node = node[key] as Record<string, unknown>
  })
}

/** Errors of anyOf/oneOf wrappers say nothing a branch's own errors do not. */
function meaningful(errors: ContractError[]): ContractError[] {
  const specific = new Set(errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword)).map(pointerOf))
  return errors.filter((e) => !(['anyOf', 'oneOf', 'if'].includes(e.keyword) && specific.has(pointerOf(e))))
}

/** A react-hook-form resolver running the contract's validator on the body the form will send. */
export function contractResolver<TValues extends FieldValues, TBody>(
  validate: ContractValidator,
  toBody: (values: TValues) => TBody,
  fieldOf: FieldOf = sameShape,
): Resolver<TValues> {
  return async (values) => {
    const body = toBody(values)
    if (validate(structuredClone(body))) return { values, errors: {} }
    const errors: Record<string, unknown> = {}
    for (const error of meaningful(validate.errors ?? [])) {
      const field = fieldOf(pointerOf(error)) ?? 'root.contract'
      setPath(errors, field, { type: error.keyword, message: describeError(error, validate.patternHints) })
    }
    return { values: {}, errors: errors as FieldErrors<TValues> }
  }
}

/**
 * Puts the API's refusal on the form: every `details.errors[]` entry on its field (or `details.field`),
 * and the message on `root.server` when none names a field of the form.
 */
export function applyServerError<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fieldOf: FieldOf = sameShape,
): void {
  if (!(error instanceof ApiError)) {
    setError('root.server' as Path<TValues>, { type: 'server', message: 'Something went wrong. Try again.' })
    return
  }
  let placed = false
  for (const issue of error.details?.errors ?? []) {
    const field = fieldOf(`/${issue.field}`)
    if (field) {
      setError(field as Path<TValues>, { type: 'server', message: issue.message })
      placed = true
    }
  }
  const single = typeof error.details?.field === 'string' ? fieldOf(`/${error.details.field}`) : undefined
  if (single) {
    setError(single as Path<TValues>, { type: 'server', message: error.message })
    placed = true
  }
  if (!placed) setError('root.server' as Path<TValues>, { type: 'server', message: error.message })
}

/** A number input's value: undefined when empty or not a number (the validator then says so). */
export function numberOf(text: string | number | undefined | null): number | undefined {
  if (text === undefined || text === null || text === '') return undefined
  const value = typeof text === 'number' ? text : Number(text)
  return Number.isFinite(value) ? value : undefined
}
