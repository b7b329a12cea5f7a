import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { runInEffectScope } from '../../db/effect-scope.js'
import { DomainError, validationError } from '../../errors/domain-error.js'
import type { Operation } from '../../http/contract.js'
import type { OperationWrapper, PreparedReply } from '../../http/operation-router.js'
import type { Principal } from '../../http/principal.js'
import { compileSchema } from '../../http/validation.js'
import {
  type IdempotencyService,
  type IdempotentRequest,
  idempotencyKeyInUse,
  type SavedResponse,
} from './idempotency.service.js'

/**
 * `Idempotency-Key` on the writes of the open and storefront APIs (decision 0019). An operation
 * takes the key when its contract declares the header; the header's schema comes from there too.
 * The wrapper runs after authentication, rate limiting and request validation, so none of those
 * refusals is ever saved.
 */

const headerName = 'idempotency-key'

/**
 * Refusals that say nothing about the write itself — the request was not allowed to run — are not
 * saved, whatever status the handler gave them: a corrected or re-authorized retry runs.
 */
const unsavedCodes = new Set([
  'REQUEST_VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_TOKEN',
  'INSUFFICIENT_SCOPE',
  'BASIC_AUTH_REQUIRED',
  'FORBIDDEN',
  'RATE_LIMITED',
])

export function isSavedError(error: DomainError): boolean {
  return error.status < 500 && ![401, 403, 429, 499].includes(error.status) && !unsavedCodes.has(error.code)
}

export function principalKeyOf(principal: Principal | undefined): string | undefined {
  switch (principal?.kind) {
    case 'apiUser':
      return `api-user:${principal.apiUserId}`
    case 'platformApp':
      return `grant:${principal.grantId}`
    case 'storefront':
      return `storefront-token:${principal.tokenId}`
    default:
      return undefined
  }
}

/** JSON with object keys sorted, so that `{"a":1,"b":2}` and `{"b":2,"a":1}` are one body. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, child]) => child !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, child]) => `${JSON.stringify(key)}:${canonicalJson(child)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** sha256 of the method, the path, the query (without credentials) and the canonical body. */
export function requestFingerprint(
  method: string,
  path: string,
  query: Record<string, unknown>,
  body: unknown,
): string {
  return createHash('sha256')
    .update(canonicalJson([method, path, query, body ?? null]))
    .digest('hex')
}

function fingerprintOf(request: FastifyRequest, operation: Operation): string {
  const query = Object.fromEntries(
    Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
      ([name]) => !operation.queryAuthParameters.includes(name),
    ),
  )
  return requestFingerprint(request.method, request.url.split('?')[0] ?? '', query, request.body)
}

function savedResponseOf(prepared: PreparedReply & { sent: false }, location: unknown): SavedResponse {
  const headers: Record<string, string> = {}
  if (prepared.contentType) headers['content-type'] = prepared.contentType
  if (typeof location === 'string') headers.location = location
  const body = prepared.body ?? ''
  return { status: prepared.status, headers, body: typeof body === 'string' ? body : body.toString('utf8') }
}

/** Gives the operation router a wrapper for every operation whose contract declares `Idempotency-Key`. */
export function createIdempotencyWrapper(
  service: IdempotencyService,
): (operation: Operation) => OperationWrapper | undefined {
  return (operation) => {
    const parameter = operation.parameters.find((p) => p.in === 'header' && p.name.toLowerCase() === headerName)
    if (!parameter) return undefined
    const validateKey = compileSchema(parameter.schema ?? { type: 'string' }, 'parameters')

    return async (request, reply, run) => {
      const header = request.headers[headerName]
      const principalKey = principalKeyOf(request.auth)
      if (header === undefined || !principalKey) return run()
      const key = Array.isArray(header) ? header.join(', ') : header
      if (!validateKey(key)) {
        throw validationError(
          (validateKey.errors ?? []).map((error) => ({
            location: 'header' as const,
            field: parameter.name,
            rule: error.keyword,
            message: error.message ?? 'is invalid',
          })),
        )
      }
      const idempotent: IdempotentRequest = {
        principalKey,
        key,
        fingerprint: fingerprintOf(request, operation),
        owner: request.id,
      }
      const begun = await service.begin(idempotent)
      if (begun.kind === 'replay') {
        const { status, headers, body } = begun.response
        if (headers.location) reply.header('location', headers.location)
        reply.header('idempotent-replayed', 'true')
        return body === ''
          ? { sent: false, status }
          : { sent: false, status, contentType: headers['content-type'] ?? 'application/json; charset=utf-8', body }
      }

      // The answer is saved in the same transaction as the effect it replays (decision 0030): the
      // handler's writes and the saved answer commit together, or neither does, so no crash leaves
      // an effect whose retry would run it again.
      type Ran = { kind: 'answer'; prepared: PreparedReply } | { kind: 'savedError'; error: DomainError }
      let ran: Ran
      try {
        ran = await runInEffectScope(async (): Promise<{ commit: boolean; value: Ran }> => {
          let prepared: PreparedReply
          try {
            prepared = await run()
          } catch (error) {
            if (!(error instanceof DomainError && isSavedError(error))) throw error
            const body = JSON.stringify({
              code: error.code,
              message: error.message,
              ...(error.details ? { details: error.details } : {}),
            })
            const response = {
              status: error.status,
              headers: { 'content-type': 'application/json; charset=utf-8' },
              body,
            }
            if (!(await service.complete(idempotent, response))) throw idempotencyKeyInUse()
            return { commit: true, value: { kind: 'savedError', error } }
          }
          // A handler that sent its own answer (none of the contract's writes does) cannot be replayed.
          if (!prepared.sent && prepared.status < 500) {
            const saved = await service.complete(idempotent, savedResponseOf(prepared, reply.getHeader('location')))
            // Another node took the key over (this request outlived the abandon time): its effect must not commit.
            if (!saved) throw idempotencyKeyInUse()
            return { commit: true, value: { kind: 'answer', prepared } }
          }
          await service.release(idempotent)
          return { commit: true, value: { kind: 'answer', prepared } }
        })
      } catch (error) {
        await service.release(idempotent)
        throw error
      }
      if (ran.kind === 'savedError') throw ran.error
      return ran.prepared
    }
  }
}
