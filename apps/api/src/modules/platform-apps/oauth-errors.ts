/**
 * Errors of the token and revocation endpoints, which answer in the RFC 6749 §5.2 shape
 * `{error, error_description}` rather than the API's `{code, message}` (decision 0004): standard
 * OAuth client libraries read that shape. The OAuth routes' own error handler renders them.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'temporarily_unavailable'

export class OAuthError extends Error {
  readonly status: number

  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    /** Extra response headers (`WWW-Authenticate` when the client tried HTTP Basic). */
    readonly headers: Record<string, string> = {},
  ) {
    super(description)
    this.name = 'OAuthError'
    this.status = error === 'invalid_client' ? 401 : error === 'temporarily_unavailable' ? 503 : 400
  }

  toBody(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description }
  }
}

export const invalidRequest = (description: string) => new OAuthError('invalid_request', description)
export const invalidGrant = (description: string) => new OAuthError('invalid_grant', description)
