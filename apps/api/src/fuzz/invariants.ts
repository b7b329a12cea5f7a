import type { Contract, JsonSchema, Operation } from '../http/contract.js'
import { operationObject } from './fuzz-case.js'
import { alternativesOf, propertiesOf, validatorOf } from './json-schema-values.js'

/**
 * What every answer to a generated request must satisfy, read from the contract:
 *
 * - never a 5xx;
 * - the status is one the operation documents;
 * - an error body has the documented shape (`Error = {code, message, details?}`, or RFC 6749
 *   `{error, error_description}` on the OAuth endpoints) and a `code` the operation documents for
 *   that status — in the response schema (`const`/`enum`), its description or its examples;
 * - a success body validates against its schema; every answer carries `Request-Id`;
 * - no body names internals (stack frames, driver errors, file paths);
 * - and, checked by the runner with the database probe, a rejected request wrote nothing.
 */

export interface DocumentedResponse {
  schema?: JsonSchema
  /** The property that carries the error code: `code`, or `error` on the OAuth endpoints. */
  codeField: 'code' | 'error'
  /** Every code documented for this status. */
  codes: Set<string>
}

export type Rule =
  | 'server-error'
  | 'undocumented-status'
  | 'error-shape'
  | 'undocumented-code'
  | 'success-shape'
  | 'request-id'
  | 'leak'
  | 'write-on-reject'
  | 'hang'
  | 'crash'

export interface Violation {
  rule: Rule
  message: string
}

export interface ObservedResponse {
  status: number
  headers: Record<string, string | string[] | number | undefined>
  body: string
}

// Codes named in a description: UPPER_SNAKE (at least one underscore, so `PUT` or `JPY` are not codes),
// or lower_snake on the OAuth endpoints.
const upperCodes = /`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g
const lowerCodes = /`([a-z]+(?:_[a-z]+)+)`/g

function constrainedValues(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema) return undefined
  if ('const' in schema) return [schema.const]
  if (Array.isArray(schema.enum)) return schema.enum
  return undefined
}

/**
 * The documented codes of one response: the `const`/`enum` every alternative of its schema puts on
 * the code property; when some alternative leaves it open (the shared `Error`), also the codes its
 * description names in backticks and its examples use.
 */
function documentedResponse(response: Record<string, unknown>, fallbackError: JsonSchema): DocumentedResponse {
  const content = response.content as
    | Record<string, { schema?: JsonSchema; example?: unknown; examples?: Record<string, { value?: unknown }> }>
    | undefined
  const media = content?.['application/json']
  const schema = media?.schema
  const alternatives = alternativesOf(schema ?? fallbackError)
  const codeField = alternatives.some((a) => 'error' in propertiesOf(a) && !('code' in propertiesOf(a)))
    ? 'error'
    : 'code'
  const codes = new Set<string>()
  let open = false
  for (const alternative of alternatives) {
    const values = constrainedValues(propertiesOf(alternative)[codeField])
    if (values) for (const value of values) codes.add(String(value))
    else open = true
  }
  if (open) {
    const description = String(response.description ?? '')
    for (const match of description.matchAll(codeField === 'code' ? upperCodes : lowerCodes))
      codes.add(match[1] as string)
    const examples = [media?.example, ...Object.values(media?.examples ?? {}).map((e) => e.value)]
    for (const example of examples) {
      const code = (example as Record<string, unknown> | undefined)?.[codeField]
      if (typeof code === 'string') codes.add(code)
    }
  }
  return { ...(schema ? { schema } : {}), codeField, codes }
}

/** Every response the operation documents, by status (`200`, `404`, `4XX`, `default`). */
export function documentedResponses(contract: Contract, operation: Operation): Map<string, DocumentedResponse> {
  const responses = (operationObject(contract, operation).responses ?? {}) as Record<string, Record<string, unknown>>
  const fallbackError = errorSchema(contract)
  return new Map(
    Object.entries(responses).map(([status, response]) => [status, documentedResponse(response, fallbackError)]),
  )
}

function errorSchema(contract: Contract): JsonSchema {
  const components = contract.documents.open.components as Record<string, Record<string, JsonSchema>>
  return components.schemas?.Error as JsonSchema
}

function lookup(documented: Map<string, DocumentedResponse>, status: number): DocumentedResponse | undefined {
  return documented.get(String(status)) ?? documented.get(`${String(status)[0]}XX`) ?? documented.get('default')
}

// Internals a body must never carry: stack frames, module paths, driver errors.
const internals =
  /node_modules|SQLITE_[A-Z]|\bat [\w.<>$]+ \([^)]*:\d+:\d+\)|\/apps\/api\/src\/|ECONNREFUSED|violates .* constraint/

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** The invariants of one answer (the write check is the runner's: it needs the database). */
export function checkResponse(
  contract: Contract,
  documented: Map<string, DocumentedResponse>,
  response: ObservedResponse,
): Violation[] {
  const violations: Violation[] = []
  const { status, body } = response
  if (status >= 500) violations.push({ rule: 'server-error', message: `answered ${status}` })
  if (!response.headers['request-id']) violations.push({ rule: 'request-id', message: 'no Request-Id header' })
  if (internals.test(body))
    violations.push({ rule: 'leak', message: `the body names internals: ${body.slice(0, 300)}` })

  const entry = lookup(documented, status)
  if (!entry) {
    violations.push({
      rule: 'undocumented-status',
      message: `${status} is not documented (documented: ${[...documented.keys()].join(', ')})`,
    })
  }
  if (status >= 400) {
    const parsed = parseJson(body)
    const schema = entry?.schema ?? errorSchema(contract)
    const codeField = entry?.codeField ?? 'code'
    if (!parsed.ok) {
      violations.push({
        rule: 'error-shape',
        message: `the error body is not JSON: ${JSON.stringify(body.slice(0, 200))}`,
      })
      return violations
    }
    const validate = validatorOf(schema)
    if (!validate(parsed.value)) {
      violations.push({
        rule: 'error-shape',
        message: `the error body breaks its documented schema (${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.message}): ${body.slice(0, 300)}`,
      })
    }
    const code = (parsed.value as Record<string, unknown> | null)?.[codeField]
    if (entry && typeof code === 'string' && !entry.codes.has(code)) {
      violations.push({
        rule: 'undocumented-code',
        message: `${status} ${code} is not documented for this status (documented: ${[...entry.codes].join(', ') || 'none'})`,
      })
    }
  } else if (status >= 200 && status < 300 && entry?.schema && body !== '') {
    const parsed = parseJson(body)
    const validate = validatorOf(entry.schema)
    if (!parsed.ok || !validate(parsed.value)) {
      violations.push({
        rule: 'success-shape',
        message: `the ${status} body breaks its schema (${validate.errors?.[0]?.instancePath} ${validate.errors?.[0]?.message})`,
      })
    }
  }
  return violations
}
