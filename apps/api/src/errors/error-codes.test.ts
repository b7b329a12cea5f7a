import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { bundledSources, loadDereferencedDocument } from '../http/contract-bundle.js'
import { errorStatus } from './error-codes.js'

/**
 * The contracts document error codes per response: a `code` enum or const in the response schema,
 * the example's `code`, and `CODE` in backquotes in the response's description; the open API's
 * introduction has a table of the common codes (`| 400 | \`CODE\` | … |`). Every code documented
 * there must be in errors/error-codes.ts with the status it is documented under (decision 0044).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

/** Backquoted UPPER_SNAKE words in response descriptions that are not error codes, with why. */
const notErrorCodes = new Set([
  'FREE_PRODUCTS', // a discount type, named where a promotion body is refused
  'FREE_SHIPPING', // a discount type
  'SOLD_OUT', // a product state, named as the reason of GIFT_INVALID_OFFER
  'ARCHIVED', // a product state
  'MEDIA_S3_URL', // an environment variable, named in MEDIA_STORAGE_UNAVAILABLE's description
  'FULFILLMENT_VARIANT_QUANTITY_TO_HIGH', // the platform's misspelling, named as what we do not answer
])

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null

function schemaCodes(schema: unknown, into: Set<string>, seen = new Set<unknown>()): void {
  if (!isObject(schema) || seen.has(schema)) return
  seen.add(schema)
  const code = isObject(schema.properties) ? schema.properties.code : undefined
  if (isObject(code)) {
    for (const value of Array.isArray(code.enum) ? code.enum : []) if (typeof value === 'string') into.add(value)
    if (typeof code.const === 'string') into.add(code.const)
  }
  for (const key of ['oneOf', 'anyOf', 'allOf']) {
    for (const branch of Array.isArray(schema[key]) ? schema[key] : []) schemaCodes(branch, into, seen)
  }
}

function responseCodes(response: Json): Set<string> {
  const codes = new Set<string>()
  for (const media of Object.values(isObject(response.content) ? response.content : {})) {
    if (!isObject(media)) continue
    schemaCodes(media.schema, codes)
    if (isObject(media.example) && typeof media.example.code === 'string') codes.add(media.example.code)
    for (const example of Object.values(isObject(media.examples) ? media.examples : {})) {
      if (isObject(example) && isObject(example.value) && typeof example.value.code === 'string') {
        codes.add(example.value.code)
      }
    }
  }
  const description = typeof response.description === 'string' ? response.description : ''
  for (const match of description.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)) {
    if (!notErrorCodes.has(match[1] as string)) codes.add(match[1] as string)
  }
  return codes
}

interface Documented {
  code: string
  status: string
  where: string
}

async function documentedCodes(): Promise<Documented[]> {
  const found: Documented[] = []
  for (const source of bundledSources) {
    const document = await loadDereferencedDocument(path.join(repoRoot, source))
    const info =
      isObject(document.info) && typeof document.info.description === 'string' ? document.info.description : ''
    for (const row of info.matchAll(/^\s*\| (\d\d\d|5xx) \| `([A-Z][A-Z0-9_]+)` \|/gm)) {
      found.push({ code: row[2] as string, status: row[1] as string, where: `${source} info` })
    }
    for (const [route, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
      for (const [method, operation] of Object.entries(isObject(item) ? item : {})) {
        if (!isObject(operation) || !isObject(operation.responses)) continue
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!/^[45]/.test(status) || !isObject(response)) continue
          for (const code of responseCodes(response)) {
            found.push({ code, status, where: `${source} ${method.toUpperCase()} ${route}` })
          }
        }
      }
    }
  }
  return found
}

function statusMatches(documented: string, status: number): boolean {
  return documented === '5xx' ? status >= 500 && status < 600 : Number(documented) === status
}

describe('the error-code → HTTP status table', () => {
  it('holds every code the contracts document, with the status they document it under', async () => {
    const documented = await documentedCodes()
    // The walk must find the codes, or this test proves nothing.
    expect(new Set(documented.map((entry) => entry.code)).size).toBeGreaterThan(50)
    const table: Record<string, number> = errorStatus
    const wrong = documented
      .filter((entry) => table[entry.code] === undefined || !statusMatches(entry.status, table[entry.code] as number))
      .map(
        (entry) => `${entry.code}: documented ${entry.status} (${entry.where}), table ${table[entry.code] ?? 'none'}`,
      )
    expect([...new Set(wrong)]).toEqual([])
  })

  it('gives every code a 4xx or 5xx status', () => {
    const odd = Object.entries(errorStatus).filter(([, status]) => status < 400 || status > 599)
    expect(odd).toEqual([])
  })
})
