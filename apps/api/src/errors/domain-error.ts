/**
 * Typed domain errors with stable codes (decisions 0004, 0044). Services throw them; one error
 * handler (http/error-handler.ts) answers them over HTTP with the status the code has in
 * error-codes.ts. A 5xx never carries internals.
 */
import { type ErrorCode, type NotFoundCode, statusOf } from './error-codes.js'

export type ErrorDetails = Record<string, unknown>

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    /** Headers the answer carries (`www-authenticate` on a 401, `retry-after` on a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    // A client error is an answer, not a fault: capturing its stack trace would be most of the
    // cost of refusing a request (a flood of bad credentials, say). Server errors keep theirs.
    const stackTraceLimit = Error.stackTraceLimit
    if (statusOf(code) < 500) Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
    this.name = 'DomainError'
  }

  /** The code's status in the table (error-codes.ts); never set by a thrower. */
  get status(): number {
    return statusOf(this.code)
  }
}

export interface ValidationIssue {
  location: 'body' | 'query' | 'path' | 'header'
  field: string
  rule: string
  message: string
}

export function validationError(errors: ValidationIssue[]): DomainError {
  const summary = errors
    .slice(0, 5)
    .map((e) => `${e.location} ${e.field || '(root)'}: ${e.message}`)
    .join('; ')
  return new DomainError('REQUEST_VALIDATION_FAILED', `Invalid request: ${summary}${errors.length > 5 ? '; …' : ''}`, {
    errors,
  })
}

export function notFound(code: NotFoundCode, message: string, details?: ErrorDetails): DomainError {
  return new DomainError(code, message, details)
}
