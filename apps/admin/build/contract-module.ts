import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundle, createConfig } from '@redocly/openapi-core'
import type { Plugin } from 'vite'

/**
 * `virtual:fanshelf-contract`: what the admin's forms know about the API, generated at build time
 * from the same documents the server validates with — `openapi/open-api.yaml` (request bodies of
 * the operations the admin mirrors, enums and the webhook event descriptions) and the admin
 * backend's `admin-api.yaml` (whose value types `$ref` the contract). The request schemas are
 * compiled by Ajv into standalone validators, so the browser runs the server's rules without
 * shipping a schema compiler, and no rule is typed twice.
 */

const require = createRequire(import.meta.url)
type Schema = Record<string, unknown>
type Document = {
  paths?: Record<string, Record<string, { operationId?: string; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>
  webhooks?: Record<string, { post?: { summary?: string; description?: string } }>
  components?: { schemas?: Record<string, Schema> }
}

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const openApiFile = path.join(repoRoot, 'openapi/open-api.yaml')
const adminApiFile = path.join(repoRoot, 'apps/api/src/modules/admin/admin-api.yaml')

async function dereferenced(file: string): Promise<Document> {
  const config = await createConfig({})
  const result = await bundle({ ref: file, config, dereference: true })
  return result.bundle.parsed as Document
}

function requestBody(document: Document, operationId: string): Schema {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (operation.operationId === operationId) {
        const schema = operation.requestBody?.content?.['application/json']?.schema
        if (schema) return schema
      }
    }
  }
  throw new Error(`open-api.yaml has no JSON request body for ${operationId}`)
}

function schema(document: Document, name: string): Schema {
  const found = document.components?.schemas?.[name]
  if (!found) throw new Error(`No schema ${name}`)
  return found
}

function enumOf(document: Document, name: string, property?: string): string[] {
  const target = property
    ? ((schema(document, name).properties as Record<string, Schema>)[property] as Schema)
    : schema(document, name)
  return target.enum as string[]
}

/** The `enum` of a property of an `allOf` schema (an extension of another schema). */
function enumOfPart(document: Document, name: string, property: string): string[] {
  for (const part of (schema(document, name).allOf ?? []) as Schema[]) {
    const values = ((part.properties as Record<string, Schema> | undefined)?.[property] as Schema | undefined)?.enum
    if (Array.isArray(values)) return values as string[]
  }
  throw new Error(`${name} has no ${property} enum`)
}

/** The first paragraph of a description, without Markdown code marks. */
function firstParagraph(text: string | undefined): string {
  return (text ?? '').split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').replaceAll('`', '').trim() ?? ''
}

/**
 * Ajv's standalone code `require`s its runtime helpers (formats, string length, deep equality);
 * the browser gets them as ES imports instead.
 */
function toEsModule(code: string): string {
  const modules = new Map<string, string>()
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    let local = modules.get(specifier)
    if (!local) {
      local = `__runtime${modules.size}`
      modules.set(specifier, local)
    }
    return `__commonJs(${local})`
  })
  const imports = [...modules].map(([specifier, local]) => `import * as ${local} from ${JSON.stringify(specifier)};`)
  // What `require` would answer, from an ES namespace of a CommonJS module: bundlers put its
  // `exports.default` under `default`, Node puts the whole `module.exports` there.
  const commonJs = 'const __commonJs = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);'
  return `${imports.join('\n')}\n${commonJs}\n${body.replace(/^"use strict";/, '')}`
}

/**
 * The schema without what validation does not use, so the browser bundle stays small: examples,
 * and descriptions except beside a `pattern` (a form shows that description when the pattern fails).
 */
function forBrowser(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forBrowser)
  if (!node || typeof node !== 'object') return node
  const record = node as Record<string, unknown>
  const kept = Object.entries(record).filter(
    ([key]) => key !== 'examples' && key !== 'example' && (key !== 'description' || 'pattern' in record),
  )
  return Object.fromEntries(
    kept.map(([key, value]) => {
      if (key === 'enum' || key === 'const' || key === 'default') return [key, value]
      // The keys of `properties` are property names (a property may be called `description`).
      if ((key === 'properties' || key === 'patternProperties') && value && typeof value === 'object') {
        return [key, Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, forBrowser(schema)]))]
      }
      return [key, forBrowser(value)]
    }),
  )
}

/** `#/properties/slug/pattern` → the description beside that pattern, for every pattern of a schema. */
function patternHints(node: unknown, path = '#', into: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(node)) node.forEach((item, i) => patternHints(item, `${path}/${i}`, into))
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>
    if (typeof record.pattern === 'string' && typeof record.description === 'string') {
      into[`${path}/pattern`] = firstParagraph(record.description)
    }
    for (const [key, value] of Object.entries(record)) {
      if (key !== 'enum' && key !== 'const' && key !== 'examples') patternHints(value, `${path}/${key}`, into)
    }
  }
  return into
}

export async function generateContractModule(): Promise<string> {
  const [open, admin] = await Promise.all([dereferenced(openApiFile), dereferenced(adminApiFile)])
  const { Ajv2020, _ } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')
  const standaloneCode = (require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js'))
    .default
  const addFormats = require('ajv-formats') as (ajv: unknown) => unknown
  // The options of the server's body validator (apps/api/src/http/validation.ts).
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    useDefaults: true,
    discriminator: true,
    code: { source: true, esm: true, formats: _`require("ajv-formats/dist/formats.js").fullFormats` },
  })
  addFormats(ajv)
  const validators: Record<string, Schema> = {
    product: schema(admin, 'AdminProductRequest'),
    apiUser: schema(admin, 'AdminApiUserRequest'),
    giftCard: schema(admin, 'AdminGiftCardRequest'),
    secretRotation: schema(admin, 'AdminSecretRotationRequest'),
    shopSettings: schema(admin, 'AdminShopSettingsRequest'),
    promotion: requestBody(open, 'createPromotion'),
    fulfillment: requestBody(open, 'createFulfillment'),
    webhookConfiguration: requestBody(open, 'createWebhookConfiguration'),
  }
  for (const [name, body] of Object.entries(validators)) ajv.addSchema(forBrowser(body) as Schema, name)
  const code = toEsModule(
    standaloneCode(ajv, Object.fromEntries(Object.keys(validators).map((name) => [name, name]))),
  )
  // Each validator carries the descriptions of its patterns by schema path, so a form can say
  // "lower-case letters and digits separated by single hyphens" rather than show a regex.
  const hints = Object.entries(validators)
    .map(([name, body]) => `${name}.patternHints = ${JSON.stringify(patternHints(body))};`)
    .join('\n')

  const webhookEventTypes = enumOf(open, 'WebhookEventType').map((type) => {
    const post = open.webhooks?.[type]?.post
    return { type, summary: post?.summary ?? type, description: firstParagraph(post?.description) }
  })
  const data = {
    webhookEventTypes,
    orderStatuses: enumOf(open, 'OrderStatus'),
    orderStatusDescription: firstParagraph(schema(open, 'OrderStatus').description as string),
    shippingOptions: enumOf(open, 'ShippingOption'),
    weightUnits: enumOf(open, 'Weight', 'unit'),
    dimensionUnits: enumOf(open, 'Dimensions', 'unit'),
    productAccess: enumOf(open, 'ProductAccess', 'type'),
    productAccessDescription: firstParagraph(schema(open, 'ProductAccess').description as string),
    trackerTargets: enumOf(admin, 'AdminTrackerAdvanceRequest', 'toState'),
    secretRotationGraceHours: (
      (schema(admin, 'AdminSecretRotationRequest').properties as Record<string, Schema>).graceHours as Schema
    ).maximum as number,
    adminActions: enumOf(admin, 'AdminAction'),
    shopCurrencies: enumOf(admin, 'AdminShopSettingsRequest', 'currency'),
    libraryImageTypes: enumOfPart(admin, 'AdminLibraryImage', 'mediaType'),
  }
  const constants = Object.entries(data)
    .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
    .join('\n')
  return `${code}\n${hints}\n${constants}\n`
}

/** The Vite plugin serving `virtual:fanshelf-contract`; a change to either document rebuilds it. */
export function fanshelfContract(): Plugin {
  const id = 'virtual:fanshelf-contract'
  const resolved = `\0${id}`
  return {
    name: 'fanshelf-contract',
    resolveId(source) {
      return source === id ? resolved : undefined
    },
    async load(moduleId) {
      if (moduleId !== resolved) return undefined
      this.addWatchFile(openApiFile)
      this.addWatchFile(adminApiFile)
      return generateContractModule()
    },
  }
}
