/**
 * Typed domain errors with stable codes (decision 0004). Services throw them; one error handler
 * (error-handler.ts) maps them to HTTP. A 5xx never carries internals.
 */
export type ErrorDetails = Record<string, unknown>

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: ErrorDetails,
    readonly status: number = statusForCode(code),
    readonly headers: Record<string, string> = {},
  ) {
    // A client error is an answer, not a fault: capturing its stack trace would be most of the
    // cost of refusing a request (a flood of bad credentials, say). Server errors keep theirs.
    const stackTraceLimit = Error.stackTraceLimit
    if (status < 500) Error.stackTraceLimit = 0
    super(message)
    Error.stackTraceLimit = stackTraceLimit
    this.name = 'DomainError'
  }
}

/** Default HTTP status of a code by its suffix; a thrower may still pass one explicitly. */
export function statusForCode(code: string): number {
  if (code.endsWith('_NOT_FOUND') || code.endsWith('_NOT_FOUND_BY_ID_ERROR')) return 404
  if (code === 'UNAUTHENTICATED' || code === 'INVALID_TOKEN') return 401
  if (code === 'INSUFFICIENT_SCOPE' || code === 'BASIC_AUTH_REQUIRED' || code === 'FORBIDDEN') return 403
  if (code === 'RATE_LIMITED') return 429
  if (code.endsWith('_DUPLICATION') || code.endsWith('_CONFLICT')) return 409
  return 400
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

export function notFound(code: string, message: string, details?: ErrorDetails): DomainError {
  return new DomainError(code, message, details, 404)
}
