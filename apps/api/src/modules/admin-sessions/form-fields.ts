/**
 * The parser of `application/x-www-form-urlencoded` bodies for the routes that take forms (the
 * admin's server-rendered pages, the OAuth endpoints), given to @fastify/formbody in their own
 * encapsulated scope so no other route starts accepting forms. A repeated name yields an array, so
 * callers can refuse repetition (RFC 6749 §3.1: parameters must not be included more than once).
 */
export type FormFields = Record<string, string | string[]>

export function formFields(body: string): FormFields {
  const fields: FormFields = Object.create(null)
  for (const [name, value] of new URLSearchParams(body)) {
    const existing = fields[name]
    if (existing === undefined) fields[name] = value
    else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value]
  }
  return fields
}

/** One field's value: undefined when absent, empty or repeated. */
export function fieldValue(fields: unknown, name: string): string | undefined {
  if (typeof fields !== 'object' || fields === null) return undefined
  const value = (fields as Record<string, unknown>)[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}
