import type { RateLimitState } from './rate-limit.js'

/**
 * An error answer of a Fanshelf API (any 4xx or 5xx), with the API's stable `code`.
 *
 * The open and storefront APIs answer `{code, message, details?}`; the OAuth endpoints answer RFC 6749
 * `{error, error_description}`, which become `code` (e.g. `'invalid_grant'`) and `message`. Branch on
 * `code`, never on `message`. Quote `requestId` when you contact support.
 *
 * @example
 * ```ts
 * import { FanshelfApiError } from '@fanshelf/sdk'
 *
 * try {
 *   await client.getOrder({ path: { orderId } })
 * } catch (error) {
 *   if (error instanceof FanshelfApiError && error.code === 'ORDER_NOT_FOUND') return undefined
 *   throw error
 * }
 * ```
 */
export class FanshelfApiError extends Error {
  override readonly name = 'FanshelfApiError'
  /** The HTTP status, e.g. `404`. */
  readonly status: number
  /** The stable error code, e.g. `'ORDER_NOT_FOUND'`, `'REQUEST_VALIDATION_FAILED'`, `'RATE_LIMITED'`. */
  readonly code: string
  /** Machine-readable context (`details.errors[]` for validation failures), if the API sent any. */
  readonly details: Record<string, unknown> | undefined
  /** The `Request-Id` response header. */
  readonly requestId: string | undefined
  /** The operation that failed, e.g. `'getOrder'`. */
  readonly operationId: string
  /** Seconds to wait before retrying, from `Retry-After` (on `429`). */
  readonly retryAfterSeconds: number | undefined
  /** The rate-limit headers of the answer, when it had them. */
  readonly rateLimit: RateLimitState | undefined
  /** The response headers. */
  readonly headers: Headers

  constructor(init: {
    status: number
    code: string
    message: string
    details?: Record<string, unknown> | undefined
    requestId?: string | undefined
    operationId: string
    retryAfterSeconds?: number | undefined
    rateLimit?: RateLimitState | undefined
    headers?: Headers
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.details = init.details
    this.requestId = init.requestId
    this.operationId = init.operationId
    this.retryAfterSeconds = init.retryAfterSeconds
    this.rateLimit = init.rateLimit
    this.headers = init.headers ?? new Headers()
  }
}

/**
 * True when `error` is a {@link FanshelfApiError}, optionally with the given `code`.
 *
 * @example
 * ```ts
 * import { isFanshelfApiError } from '@fanshelf/sdk'
 *
 * const cart = await storefront.getCart({ path: { cartId } }).catch((error) => {
 *   if (isFanshelfApiError(error, 'CART_NOT_FOUND')) return storefront.createCart({ body: { items: [] } })
 *   throw error
 * })
 * ```
 */
export function isFanshelfApiError(error: unknown, code?: string): error is FanshelfApiError {
  return error instanceof FanshelfApiError && (code === undefined || error.code === code)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Reads an error body in either shape; anything else gets a code from the status. */
export function errorFromBody(
  body: unknown,
  context: {
    status: number
    operationId: string
    headers: Headers
    retryAfterSeconds?: number | undefined
    rateLimit?: RateLimitState | undefined
  },
): FanshelfApiError {
  const requestId = context.headers.get('request-id') ?? undefined
  let code = context.status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${context.status}`
  let message = `${context.operationId} failed with HTTP ${context.status}`
  let details: Record<string, unknown> | undefined
  if (isRecord(body)) {
    if (typeof body.code === 'string') {
      code = body.code
      if (typeof body.message === 'string') message = body.message
      if (isRecord(body.details)) details = body.details
    } else if (typeof body.error === 'string') {
      code = body.error
      message = typeof body.error_description === 'string' ? body.error_description : body.error
    }
  }
  return new FanshelfApiError({
    status: context.status,
    code,
    message,
    details,
    requestId,
    operationId: context.operationId,
    retryAfterSeconds: context.retryAfterSeconds,
    rateLimit: context.rateLimit,
    headers: context.headers,
  })
}
