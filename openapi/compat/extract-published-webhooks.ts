// Rewrites published-webhooks.json from a copy of the real platform's published OpenAPI document:
//   npx tsx openapi/compat/extract-published-webhooks.ts path/to/fourthwall-platform-open-api.yaml
// Keeps, for every event type of the document's `webhooks:` section, the envelope schema and every
// component schema its `data` reaches — structure and field names only: descriptions, titles and
// examples are dropped. published-webhooks.test.ts validates our deliveries against it.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { loadDocument } from './field-paths.js'

type Json = Record<string, unknown>
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Keywords that carry prose or sample values, not structure. */
const dropped = new Set(['description', 'title', 'example', 'examples', 'externalDocs', 'summary'])
const componentPrefix = '#/components/schemas/'

const source = process.argv[2]
if (!source) {
  console.error('usage: extract-published-webhooks.ts <published-openapi.yaml>')
  process.exit(2)
}
const { doc } = loadDocument(source)
const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>

/** A copy of a schema without prose; `$ref`s to components are queued for copying. */
function structureOf(node: unknown, reached: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => structureOf(item, reached))
  if (!isJson(node)) return node
  const copy: Json = {}
  for (const [key, value] of Object.entries(node)) {
    if (dropped.has(key)) continue
    if (key === '$ref' && typeof value === 'string' && value.startsWith(componentPrefix)) {
      reached.add(value.slice(componentPrefix.length))
      copy[key] = value
    } else if (key === 'properties' && isJson(value)) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, structureOf(child, reached)]))
    } else if (key === 'enum' || key === 'required' || key === 'const') {
      copy[key] = value
    } else {
      copy[key] = structureOf(value, reached)
    }
  }
  return copy
}

const reached = new Set<string>()
const webhooks: Record<string, { name: string; envelope: unknown }> = {}
for (const [name, item] of Object.entries((doc.webhooks ?? {}) as Record<string, Json>)) {
  const body = ((item.post as Json).requestBody as Json).content as Json
  const envelope = (body['application/json'] as Json).schema as Json
  // The event type's wire name appears only as the envelope's `type` sample value.
  const type = ((envelope.properties as Json).type as Json).example as string
  webhooks[type] = { name, envelope: structureOf(envelope, reached) }
}
const components: Record<string, unknown> = {}
const pending = [...reached]
while (pending.length > 0) {
  const name = pending.pop() as string
  if (name in components) continue
  const found = new Set<string>()
  components[name] = structureOf(schemas[name], found)
  for (const next of found) if (!(next in components)) pending.push(next)
}
const sorted = Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)))
const target = fileURLToPath(new URL('published-webhooks.json', import.meta.url))
const fixture = {
  $comment:
    'The real platform’s published webhook payload schemas, structure and field names only. Regenerate with openapi/compat/extract-published-webhooks.ts.',
  webhooks,
  components: { schemas: sorted },
}
writeFileSync(target, `${JSON.stringify(fixture, null, 2)}\n`)
console.log(`${Object.keys(webhooks).length} event types, ${Object.keys(sorted).length} schemas written to ${target}`)
