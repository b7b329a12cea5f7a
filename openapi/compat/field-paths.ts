// Lists the request and response fields of an OpenAPI document's operations as flat paths, so two
// documents can be compared field by field: `GET /open-api/v1.0/order/{} res.results[].amounts.total`.
// Used to keep our contracts a superset of the real platform's published document (decision 0026).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

const methods = ['get', 'put', 'post', 'delete', 'patch'] as const

/** A loaded document and the files its `$ref`s reach, so cross-file references resolve. */
export interface LoadedDocument {
  file: string
  doc: Json
  load(file: string): Json
}

export function loadDocument(file: string): LoadedDocument {
  const cache = new Map<string, Json>()
  const load = (target: string): Json => {
    const absolute = path.resolve(target)
    let doc = cache.get(absolute)
    if (!doc) {
      const parsed: unknown = parse(readFileSync(absolute, 'utf8'))
      doc = isJson(parsed) ? parsed : {}
      cache.set(absolute, doc)
    }
    return doc
  }
  return { file: path.resolve(file), doc: load(file), load }
}

/** `/order/{orderId}` → `/order/{}`: path parameters are positional on the wire, their names are not. */
export const normalizePath = (p: string) => p.replace(/\{[^}]+\}/g, '{}')

interface Located {
  node: Json
  file: string
}

function resolveRef(document: LoadedDocument, from: string, ref: string): Located {
  const [filePart, pointer = ''] = ref.split('#')
  const file = filePart ? path.resolve(path.dirname(from), filePart) : from
  let node: unknown = document.load(file)
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    node = isJson(node) ? node[key] : undefined
  }
  if (!isJson(node)) throw new Error(`Unresolvable $ref ${ref} from ${from}`)
  return { node, file }
}

function deref(document: LoadedDocument, located: Located): Located {
  let current = located
  for (let hops = 0; typeof current.node.$ref === 'string' && hops < 20; hops++) {
    current = resolveRef(document, current.file, current.node.$ref)
  }
  return current
}

function walkSchema(
  document: LoadedDocument,
  located: Located,
  prefix: string,
  out: Set<string>,
  seen: string[],
): void {
  if (seen.length > 14) return
  const ref = located.node.$ref
  if (typeof ref === 'string') {
    const key = `${located.file}#${ref}`
    if (seen.includes(key)) return
    walkSchema(document, resolveRef(document, located.file, ref), prefix, out, [...seen, key])
    return
  }
  const { node, file } = located
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const branches = node[keyword]
    if (Array.isArray(branches)) {
      for (const branch of branches) if (isJson(branch)) walkSchema(document, { node: branch, file }, prefix, out, seen)
    }
  }
  const properties = node.properties
  if (isJson(properties)) {
    for (const [name, schema] of Object.entries(properties)) {
      const fieldPath = `${prefix}.${name}`
      out.add(fieldPath)
      if (isJson(schema)) walkSchema(document, { node: schema, file }, fieldPath, out, seen)
    }
  }
  if (isJson(node.items)) walkSchema(document, { node: node.items, file }, `${prefix}[]`, out, seen)
  if (isJson(node.additionalProperties)) {
    walkSchema(document, { node: node.additionalProperties, file }, `${prefix}{}`, out, seen)
  }
}

function mediaSchemas(document: LoadedDocument, located: Located | undefined): Located[] {
  if (!located) return []
  const { node, file } = deref(document, located)
  const content = node.content
  if (!isJson(content)) return []
  return Object.values(content)
    .filter(isJson)
    .flatMap((media) => (isJson(media.schema) ? [{ node: media.schema, file }] : []))
}

/**
 * Every field of every operation: query parameters (`param.name`), request body fields (`req.…`) and
 * 2xx response fields (`res.…`), keyed `METHOD /full/path/{}` with `serverPrefix` prepended.
 */
export function operationFields(document: LoadedDocument, serverPrefix = ''): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>()
  const paths = document.doc.paths
  if (!isJson(paths)) return result
  for (const [route, item] of Object.entries(paths)) {
    if (!isJson(item)) continue
    for (const method of methods) {
      const operation = item[method]
      if (!isJson(operation)) continue
      const fields = new Set<string>()
      const parameters = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ]
      for (const parameter of parameters) {
        if (!isJson(parameter)) continue
        const { node } = deref(document, { node: parameter, file: document.file })
        if (node.in === 'query' && typeof node.name === 'string') fields.add(`param.${node.name}`)
      }
      const body = isJson(operation.requestBody) ? { node: operation.requestBody, file: document.file } : undefined
      for (const schema of mediaSchemas(document, body)) walkSchema(document, schema, 'req', fields, [])
      const responses = isJson(operation.responses) ? operation.responses : {}
      for (const [status, response] of Object.entries(responses)) {
        if (!status.startsWith('2') || !isJson(response)) continue
        for (const schema of mediaSchemas(document, { node: response, file: document.file })) {
          walkSchema(document, schema, 'res', fields, [])
        }
      }
      result.set(`${method.toUpperCase()} ${normalizePath(serverPrefix + route)}`, fields)
    }
  }
  return result
}

/** One line per field, sorted: `GET /open-api/v1.0/order/{} res.metadata`. */
export function fieldLines(fields: Map<string, Set<string>>): string[] {
  return [...fields].flatMap(([operation, names]) => [...names].map((name) => `${operation} ${name}`)).sort()
}
