import fastJsonStringify from 'fast-json-stringify'
import { compressBody, type KeptEncoding } from './compressed-answers.js'
import type { Contract, JsonSchema } from './contract.js'

/**
 * A response body that is already JSON, built by the contract serializers below: the operation
 * router sends it as is. Paged reads of large resources (orders) reuse each item's serialized
 * form between requests instead of rebuilding and re-serializing it every time.
 */
export class SerializedJson {
  #encoded: Partial<Record<KeptEncoding, Promise<Buffer>>> = {}
  constructor(readonly body: Buffer) {}

  /**
   * The body compressed as `encoding`, computed once per answer (off the event loop) and kept with
   * it: an answer kept by a cache is compressed once, not on every request (compressed-answers.ts).
   */
  encoded(encoding: KeptEncoding): Promise<Buffer> {
    const kept = this.#encoded[encoding]
    if (kept !== undefined) return kept
    const compressing = compressBody(encoding, this.body)
    this.#encoded[encoding] = compressing
    // A failed compression is not kept: the next request tries again.
    compressing.catch(() => {
      if (this.#encoded[encoding] === compressing) delete this.#encoded[encoding]
    })
    return compressing
  }
}

type Serialize = (value: unknown) => string

export interface PageSerializers {
  /** Serializes one item of the page with the contract's item schema, as UTF-8. */
  item(value: unknown): Buffer
  /** A page whose items are already serialized (each by `item`). */
  page(meta: Record<string, unknown>, items: readonly Buffer[]): SerializedJson
}

/**
 * Serializes an operation's 200 answer with the contract's schema (as the response serializer
 * would: undocumented properties are dropped), for answers that are kept serialized.
 */
export function answerSerializer(contract: Contract, operationId: string): (value: unknown) => SerializedJson {
  const schema = contract.operations.find((o) => o.operationId === operationId)?.responses['200']
  if (!schema) throw new Error(`${operationId} documents no 200 answer`)
  const serialize = fastJsonStringify(schema as unknown as Parameters<typeof fastJsonStringify>[0]) as Serialize
  return (value) => new SerializedJson(Buffer.from(serialize(value)))
}

function resultsItems(schema: JsonSchema): JsonSchema | undefined {
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  const items = properties?.results?.items as JsonSchema | undefined
  if (items) return items
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) {
    const found = resultsItems(part)
    if (found) return found
  }
  return undefined
}

/**
 * Serializers for a paged operation's 200 answer (a `results` array plus the paging fields),
 * compiled from the contract as the response serializer is: undocumented properties are dropped.
 */
export function pageSerializers(contract: Contract, operationId: string): PageSerializers {
  const operation = contract.operations.find((o) => o.operationId === operationId)
  const pageSchema = operation?.responses['200']
  const itemSchema = pageSchema && resultsItems(pageSchema)
  if (!pageSchema || !itemSchema) throw new Error(`${operationId} does not answer a page of results`)
  const item = fastJsonStringify(itemSchema as unknown as Parameters<typeof fastJsonStringify>[0]) as Serialize
  const page = fastJsonStringify(pageSchema as unknown as Parameters<typeof fastJsonStringify>[0]) as Serialize
  const emptyResults = '"results":[]'
  const comma = Buffer.from(',')
  return {
    item: (value) => Buffer.from(item(value)),
    page(meta, items) {
      // The paging fields are serialized around an empty list, which is then filled in. Quotes in
      // string values are escaped, so the unescaped key `"results":[]` occurs exactly once.
      const shell = page({ ...meta, results: [] })
      const at = shell.indexOf(emptyResults) + emptyResults.length - 1
      const parts: Buffer[] = [Buffer.from(shell.slice(0, at))]
      items.forEach((body, i) => {
        if (i > 0) parts.push(comma)
        parts.push(body)
      })
      parts.push(Buffer.from(shell.slice(at)))
      return new SerializedJson(Buffer.concat(parts))
    },
  }
}
