import type { FastifyInstance, FastifyRequest } from 'fastify'
import secureJson from 'secure-json-parse'
import type { ErrorDetails } from '../errors/domain-error.js'

/**
 * The JSON request-body parser of every API (open, storefront, admin, checkout): bounded in size
 * (`bodyLimitBytes`, answered 413 `PAYLOAD_TOO_LARGE` by the error handler) and in nesting
 * (`jsonDepthLimit`, answered 400 `JSON_TOO_DEEP`), so no later step that walks a body — schema
 * validation, serializers, the prototype-key check — meets a structure deep enough to
 * exhaust the stack. The depth is measured by one loop over the text before it is parsed, so
 * a 10,000-deep array costs one linear scan and is refused without being parsed.
 *
 * The limits are part of the contract (open-api.yaml, "Errors"): change them there first.
 */

/**
 * A body that could not be read as JSON: 400 with `code`. Like Fastify's own body errors (and
 * unlike a DomainError) it carries `statusCode`, so an endpoint with its own error format — the
 * OAuth endpoints answer RFC 6749 errors — treats it as any unreadable body.
 */
export class JsonBodyError extends Error {
  readonly statusCode = 400
  constructor(
    readonly code: 'MALFORMED_JSON' | 'JSON_TOO_DEEP',
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message)
    this.name = 'JsonBodyError'
  }
}

/** The largest request body accepted, in bytes (1 MiB). */
export const bodyLimitBytes = 1024 * 1024

/** The deepest nesting of arrays and objects accepted in a JSON body: `[[1]]` has depth 2. */
export const jsonDepthLimit = 64

const openBrace = 0x7b
const closeBrace = 0x7d
const openBracket = 0x5b
const closeBracket = 0x5d
const quote = 0x22
const backslash = 0x5c

/**
 * The deepest nesting of arrays and objects in `text`, counting brackets outside strings; stops
 * as soon as it passes `stopAbove` (the caller only needs to know that the limit is exceeded).
 * Malformed text gets a number too — the parser refuses it afterwards.
 */
export function measureJsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === backslash) i++
      else if (c === quote) inString = false
    } else if (c === quote) {
      inString = true
    } else if (c === openBrace || c === openBracket) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAbove) return deepest
      }
    } else if (c === closeBrace || c === closeBracket) {
      depth--
    }
  }
  return deepest
}

/** What secure-json-parse throws for a prototype-poisoning key (any other error is bad JSON). */
const poisonedKeyMessage = 'Object contains forbidden prototype property'

/** Parses a JSON request body; throws a JsonBodyError (400 `MALFORMED_JSON` / `JSON_TOO_DEEP`). */
export function parseJsonBody(text: string, maxDepth = jsonDepthLimit): unknown {
  if (text.trim() === '') {
    throw new JsonBodyError('MALFORMED_JSON', 'The request body is empty but Content-Type is application/json.')
  }
  const depth = measureJsonDepth(text, maxDepth)
  if (depth > maxDepth) {
    throw new JsonBodyError(
      'JSON_TOO_DEEP',
      `The request body nests arrays and objects more than ${maxDepth} levels deep.`,
      { maxDepth },
    )
  }
  try {
    // An own `__proto__` key, or a `constructor` key holding a `prototype` key, anywhere in the
    // value is harmless in the parsed object but dangerous once merged into another one
    // (prototype poisoning): refused as Fastify's default parser refuses it, with its library.
    return secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' })
  } catch (error) {
    if ((error as Error).message === poisonedKeyMessage) {
      throw new JsonBodyError(
        'MALFORMED_JSON',
        'The request body may not contain a __proto__ key, nor a constructor key holding a prototype key.',
      )
    }
    throw new JsonBodyError('MALFORMED_JSON', 'The request body is not valid JSON.')
  }
}

/** Replaces Fastify's JSON parser with the bounded one above (same content type, same limit). */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: bodyLimitBytes },
    (_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')))
      } catch (error) {
        done(error as Error)
      }
    },
  )
}
