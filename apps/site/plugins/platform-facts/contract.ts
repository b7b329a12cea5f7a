import { readFileSync } from 'node:fs'
import { toHtml } from 'hast-util-to-html'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown } from 'mdast-util-gfm'
import { toHast } from 'mdast-util-to-hast'
import { gfm } from 'micromark-extension-gfm'
import { parse } from 'yaml'
import { codeTokens } from '../../config/code-tokens.ts'

/** One webhook event of the open API contract, as the event-type guides render it. */
export interface WebhookEventDoc {
  type: string
  summary: string
  /** The contract's description, Markdown rendered to HTML at build time. */
  descriptionHtml: string
  beta: boolean
  tag: string
  /** The full delivery body (envelope and data) from the contract's example, as indented JSON. */
  exampleJson: string
  /** Its build-time syntax tokens (config/code-tokens.ts). */
  exampleTokens: string
  /** The name of the schema `data` follows, when it is a named schema. */
  dataSchema: string | undefined
  dataFields: FieldDoc[]
  /** Names of the alternatives when `data` is one of several shapes. */
  dataVariants: string[]
}

export interface FieldDoc {
  name: string
  type: string
  required: boolean
  descriptionHtml: string
}

type Schema = Record<string, unknown>
type OpenApiDocument = {
  webhooks?: Record<string, { post?: Record<string, unknown> } & Record<string, unknown>>
  components?: { schemas?: Record<string, Schema> }
}

export function loadContract(file: string): OpenApiDocument {
  return parse(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument
}

export function markdownToHtml(markdown: string): string {
  const mdast = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
  return toHtml(toHast(mdast))
}

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1)
}

function resolve(document: OpenApiDocument, schema: unknown): Schema {
  let current = schema
  const seen = new Set<string>()
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref
    if (seen.has(ref)) break
    seen.add(ref)
    if (!ref.startsWith('#/components/schemas/')) {
      throw new Error(`Unsupported $ref ${ref} in a webhook event schema`)
    }
    const target = document.components?.schemas?.[refName(ref)]
    if (target === undefined) throw new Error(`Unresolved $ref ${ref} in a webhook event schema`)
    current = target
  }
  return isObject(current) ? current : {}
}

/** Collects properties and required names through allOf. */
function flatten(
  document: OpenApiDocument,
  schema: unknown,
): { properties: Record<string, unknown>; required: Set<string> } {
  const resolved = resolve(document, schema)
  const properties: Record<string, unknown> = {}
  const required = new Set<string>()
  for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : []) {
    const inner = flatten(document, part)
    Object.assign(properties, inner.properties)
    for (const name of inner.required) required.add(name)
  }
  if (isObject(resolved.properties)) Object.assign(properties, resolved.properties)
  if (Array.isArray(resolved.required)) for (const name of resolved.required) required.add(String(name))
  return { properties, required }
}

/** A short, human-readable type: `Money`, `string | null`, `OrderOffer[]`, `"STATUS" | "EMAIL"`. */
export function describeType(schema: unknown): string {
  if (!isObject(schema)) return 'any'
  if (typeof schema.$ref === 'string') return refName(schema.$ref)
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options)) return options.map(describeType).join(' | ')
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return describeType(schema.allOf[0])
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]
  const rendered = types.map((type) => {
    if (type === 'array') return `${describeType(schema.items)}[]`
    if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`
    return String(type)
  })
  return rendered.length > 0 ? rendered.join(' | ') : 'object'
}

function fieldsOf(document: OpenApiDocument, schema: unknown): FieldDoc[] {
  const { properties, required } = flatten(document, schema)
  return Object.entries(properties).map(([name, property]) => {
    const description = isObject(property) && typeof property.description === 'string' ? property.description : ''
    const fallback = isObject(property) && typeof property.$ref === 'string' ? describeRef(document, property.$ref) : ''
    return {
      name,
      type: describeType(property),
      required: required.has(name),
      descriptionHtml: markdownToHtml(description || fallback),
    }
  })
}

function describeRef(document: OpenApiDocument, ref: string): string {
  const target = document.components?.schemas?.[refName(ref)]
  return isObject(target) && typeof target.description === 'string' ? firstSentence(target.description) : ''
}

function firstSentence(text: string): string {
  const paragraph = text.trim().split(/\n\s*\n/)[0] ?? ''
  return paragraph.replace(/\s+/g, ' ')
}

/** Every event of the contract's `webhooks:` section, in contract order. */
export function webhookEvents(document: OpenApiDocument): WebhookEventDoc[] {
  const webhooks = document.webhooks
  if (!isObject(webhooks) || Object.keys(webhooks).length === 0) {
    throw new Error('openapi/open-api.yaml has no webhooks: section; the event-type guides are generated from it')
  }
  return Object.entries(webhooks).map(([type, item]) => {
    const operation = item.post
    if (!isObject(operation)) throw new Error(`webhooks.${type} has no post operation`)
    const requestBody = resolve(document, operation.requestBody)
    const media = isObject(requestBody.content) ? requestBody.content['application/json'] : undefined
    if (!isObject(media)) throw new Error(`webhooks.${type} has no application/json request body`)
    const envelope = flatten(document, media.schema)
    const data = envelope.properties.data
    const dataResolved = resolve(document, data)
    const variants = Array.isArray(dataResolved.oneOf) ? dataResolved.oneOf.map(describeType) : []
    const tags = Array.isArray(operation.tags) ? operation.tags.map(String) : []
    const found = media.example ?? (isObject(media.examples) ? Object.values(media.examples)[0] : undefined)
    const example = isObject(found) && 'value' in found && !('type' in found) ? found.value : found
    const exampleJson = JSON.stringify(example, null, 2)
    return {
      type,
      summary: typeof operation.summary === 'string' ? operation.summary : type,
      descriptionHtml: markdownToHtml(typeof operation.description === 'string' ? operation.description : ''),
      beta: operation['x-beta'] === true || item['x-beta'] === true,
      tag: tags[0] ?? 'Events',
      exampleJson,
      exampleTokens: codeTokens(exampleJson, 'json'),
      dataSchema: isObject(data) && typeof data.$ref === 'string' ? refName(data.$ref) : undefined,
      dataFields: variants.length > 0 ? [] : fieldsOf(document, data),
      dataVariants: variants,
    }
  })
}

/** The envelope fields every event shares, from the contract's WebhookEnvelope-like base schema. */
export function envelopeFields(document: OpenApiDocument, firstEvent: string): FieldDoc[] {
  const operation = document.webhooks?.[firstEvent]?.post
  const requestBody = resolve(document, operation?.requestBody)
  const media = isObject(requestBody.content) ? requestBody.content['application/json'] : undefined
  return fieldsOf(document, isObject(media) ? media.schema : undefined).filter((field) => field.name !== 'data')
}
