import type { ValidateFunction } from 'ajv/dist/2020.js'
import fastJsonStringify from 'fast-json-stringify'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { loadDereferencedDocument } from '../http/contract-bundle.js'
import { compileSchema } from '../http/validation.js'
import { adminApiDocument } from '../modules/admin/admin-contract.js'

/**
 * The admin backend's answers in tests, held to admin-api.yaml as the open API's are to the
 * contract: every `/admin/api/…` request an in-process test makes through `app.inject` must hit a
 * documented operation (an unknown route may only be the JSON 404), answer a status that operation
 * documents, and a JSON body that validates against that status's schema. A success answer must
 * also hold no field the schema does not name: it must survive serialization with the schema (as
 * the open API's answers are serialized, dropping undocumented fields) unchanged. So a field or
 * status the description does not name fails the test that sees it.
 */

interface AdminOperation {
  operationId: string
  method: string
  pattern: RegExp
  responses: Record<string, { content?: Record<string, { schema?: object }> }>
}

interface AdminDocument {
  paths: Record<string, Record<string, { operationId?: string; responses?: AdminOperation['responses'] }>>
  components: { schemas: Record<string, object> }
}

const methods = new Set(['get', 'post', 'put', 'patch', 'delete'])

function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, '[^/]+')}$`)
}

let documentCache: Promise<{ operations: AdminOperation[]; errorSchema: object }> | undefined

function loadAdminOperations() {
  documentCache ??= (async () => {
    const document = (await loadDereferencedDocument(adminApiDocument)) as unknown as AdminDocument
    const operations: AdminOperation[] = []
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!methods.has(method) || !operation.operationId) continue
        operations.push({
          operationId: operation.operationId,
          method: method.toUpperCase(),
          pattern: patternOf(template),
          responses: operation.responses ?? {},
        })
      }
    }
    const errorSchema = document.components.schemas.AdminError
    if (!errorSchema) throw new Error('admin-api.yaml has no AdminError schema')
    return { operations, errorSchema }
  })()
  return documentCache
}

const validators = new WeakMap<object, ValidateFunction>()

function validate(schema: object, body: unknown): ValidateFunction['errors'] {
  let check = validators.get(schema)
  if (!check) {
    check = compileSchema(schema as Record<string, unknown>)
    validators.set(schema, check)
  }
  return check(body) ? null : check.errors
}

type Serialize = (value: unknown) => string
const serializers = new WeakMap<object, Serialize | null>()

/** The schema's fast-json-stringify serializer; `null` for the few schemas it cannot compile. */
function serializerOf(schema: object): Serialize | null {
  let serialize = serializers.get(schema)
  if (serialize === undefined) {
    try {
      serialize = fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0]) as Serialize
    } catch {
      serialize = null
    }
    serializers.set(schema, serialize)
  }
  return serialize
}

/** The first place where `sent` holds what `kept` (the serialized form) does not, as a JSON path. */
function undocumented(sent: unknown, kept: unknown, at = '$'): string | undefined {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (const [index, item] of sent.entries()) {
      const found = undocumented(item, kept[index], `${at}[${index}]`)
      if (found) return found
    }
    return undefined
  }
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in kept)) return `${at}.${key}`
      const found = undocumented(value, (kept as Record<string, unknown>)[key], `${at}.${key}`)
      if (found) return found
    }
    return undefined
  }
  return sent === kept ? undefined : at
}

function jsonBody(response: LightMyRequestResponse): unknown {
  if (!response.body) return undefined
  if (!String(response.headers['content-type'] ?? '').includes('json')) return response.body
  return JSON.parse(response.body)
}

/** Throws when the answer to `METHOD pathname` breaks admin-api.yaml (see above). */
export async function checkAdminResponse(
  method: string,
  pathname: string,
  response: LightMyRequestResponse,
): Promise<void> {
  const { operations, errorSchema } = await loadAdminOperations()
  const status = response.statusCode
  const body = jsonBody(response)
  const where = `${method} ${pathname} answered ${status}`
  const operation = operations.find((op) => op.method === method && op.pattern.test(pathname))
  if (!operation) {
    // An unknown admin route (or method) is the JSON 404 of admin-spa.ts / Fastify, nothing else.
    if (status !== 404) throw new Error(`${where}, but admin-api.yaml describes no such operation`)
    const errors = validate(errorSchema, body)
    if (errors) throw new Error(`${where} with a body that is not AdminError: ${JSON.stringify(errors)}`)
    return
  }
  const documented = operation.responses[String(status)]
  if (!documented) {
    throw new Error(
      `${where}: admin-api.yaml ${operation.operationId} does not document ${status} ` +
        `(it documents ${Object.keys(operation.responses).join(', ')}); body: ${response.body.slice(0, 500)}`,
    )
  }
  const schema = documented.content?.['application/json']?.schema
  if (body === undefined) return
  if (!schema) {
    throw new Error(`${where} with a body, but ${operation.operationId} ${status} documents none: ${response.body}`)
  }
  const errors = validate(schema, body)
  if (errors) {
    throw new Error(
      `${where} with a body that breaks admin-api.yaml ${operation.operationId} ${status}:\n` +
        `${JSON.stringify(errors, null, 2)}\nbody: ${response.body.slice(0, 2000)}`,
    )
  }
  const serialize = status < 300 && typeof body === 'object' ? serializerOf(schema) : null
  if (serialize) {
    const sent = JSON.parse(response.body) as unknown
    const extra = undocumented(sent, JSON.parse(serialize(sent)))
    if (extra) {
      throw new Error(
        `${where} with ${extra}, which admin-api.yaml ${operation.operationId} ${status} does not describe` +
          ` (the open API would drop it)\nbody: ${response.body.slice(0, 2000)}`,
      )
    }
  }
}

function requestTarget(options: InjectOptions | string): { method: string; pathname: string } | undefined {
  if (typeof options === 'string') return { method: 'GET', pathname: new URL(options, 'http://test').pathname }
  const target = options.url ?? options.path
  if (typeof target !== 'string') return undefined
  return { method: String(options.method ?? 'GET').toUpperCase(), pathname: new URL(target, 'http://test').pathname }
}

/**
 * Makes `app.inject(options)` (the promise form every test uses) check each `/admin/api/…` answer
 * with `checkAdminResponse`; the chained and callback forms are left as they are.
 */
export function checkAdminResponsesOf(app: FastifyInstance): void {
  const inject = app.inject.bind(app)
  const checked = (options?: InjectOptions | string, callback?: unknown) => {
    if (options === undefined || callback !== undefined)
      return (inject as (...args: unknown[]) => unknown)(options, callback)
    const target = requestTarget(options)
    const answer = inject(options)
    if (!target || !(target.pathname === '/admin/api' || target.pathname.startsWith('/admin/api/'))) return answer
    return answer.then(async (response) => {
      await checkAdminResponse(target.method, target.pathname, response)
      return response
    })
  }
  app.inject = checked as FastifyInstance['inject']
}
