import { errorFromBody, type FanshelfApiError } from './errors.js'
import { operationRoutes } from './generated/operations.js'
import type { OperationData } from './operation-types.js'
import { parseRateLimit, parseRetryAfter, type RetryOptions, sleep } from './rate-limit.js'
import type { Credential } from './transport.js'

/**
 * The tokens of a platform app's grant after a refresh, handed to `onTokens` so the app can store them.
 * Refresh tokens rotate: the one in here replaces the previous one, which no longer works (and which,
 * if presented again, revokes the whole grant).
 *
 * @example
 * ```ts
 * const onTokens = async (tokens: OAuthTokens) => {
 *   await db.saveGrant(shopId, { refreshToken: tokens.refreshToken, accessToken: tokens.accessToken, expiresAt: tokens.expiresAt })
 * }
 * ```
 */
export interface OAuthTokens {
  accessToken: string
  refreshToken: string
  /** When the access token expires, in milliseconds since the epoch. */
  expiresAt: number
  /** The scopes of the grant. */
  scopes: string[]
}

/**
 * The credentials of a platform app for one shop's grant. The client refreshes the access token
 * before it expires and once after a `401 INVALID_TOKEN`, with `grant_type=refresh_token` at
 * `POST /open-api/v1.0/platform/token`, and calls `onTokens` with the rotated tokens before it goes on.
 * Concurrent requests share one refresh.
 *
 * @example
 * ```ts
 * const client = createOpenApiClient({
 *   baseUrl: 'https://api.fanshelf.dev',
 *   auth: {
 *     oauth: {
 *       clientId: process.env.FANSHELF_CLIENT_ID!,
 *       clientSecret: process.env.FANSHELF_CLIENT_SECRET!,
 *       refreshToken: grant.refreshToken,
 *       accessToken: grant.accessToken,
 *       expiresAt: grant.expiresAt,
 *       onTokens: (tokens) => saveGrant(tokens),
 *     },
 *   },
 * })
 * ```
 */
export interface OAuthCredentials {
  clientId: string
  clientSecret: string
  /** The current refresh token of the grant. */
  refreshToken: string
  /** An access token to start with; without one the client refreshes before its first call. */
  accessToken?: string | undefined
  /** When `accessToken` expires (milliseconds since the epoch, or a Date); unknown means "until a 401". */
  expiresAt?: number | Date | undefined
  /** Stores rotated tokens; awaited before the request that caused the refresh goes on. */
  onTokens?: ((tokens: OAuthTokens) => void | Promise<void>) | undefined
  /** Refresh this many seconds before `expiresAt` (default 60). */
  refreshLeewaySeconds?: number | undefined
}

type TokenResponse = OperationData<'exchangePlatformToken'>

export interface OAuthSessionOptions {
  baseUrl: string
  fetch: typeof fetch
  headers?: Record<string, string> | undefined
  retry?: RetryOptions | undefined
  now: () => number
}

/** Holds one grant's tokens and refreshes them, one refresh at a time. */
export class OAuthSession {
  private accessToken: string | undefined
  private refreshToken: string
  private expiresAt: number | undefined
  private refreshing: Promise<string> | undefined

  constructor(
    private readonly credentials: OAuthCredentials,
    private readonly options: OAuthSessionOptions,
  ) {
    this.accessToken = credentials.accessToken
    this.refreshToken = credentials.refreshToken
    const expiresAt = credentials.expiresAt
    this.expiresAt = expiresAt instanceof Date ? expiresAt.getTime() : expiresAt
  }

  /** The credential for the next request: a valid access token, refreshed first when due. */
  async credential(): Promise<Credential> {
    const token = await this.currentToken()
    return {
      authorization: `Bearer ${token}`,
      recover: (error) => this.recover(error, token),
    }
  }

  private async currentToken(): Promise<string> {
    if (this.refreshing) return this.refreshing
    const leewayMs = (this.credentials.refreshLeewaySeconds ?? 60) * 1000
    const due = this.expiresAt !== undefined && this.options.now() >= this.expiresAt - leewayMs
    if (this.accessToken === undefined || due) return this.refresh()
    return this.accessToken
  }

  /** After a 401 with `INVALID_TOKEN`: refresh, unless another request already replaced the rejected token. */
  private async recover(error: FanshelfApiError, rejected: string): Promise<boolean> {
    if (error.code !== 'INVALID_TOKEN') return false
    if (this.refreshing) await this.refreshing
    else if (this.accessToken === rejected) await this.refresh()
    return true
  }

  private refresh(): Promise<string> {
    this.refreshing ??= this.exchange().finally(() => {
      this.refreshing = undefined
    })
    return this.refreshing
  }

  private async exchange(): Promise<string> {
    const route = operationRoutes.exchangePlatformToken
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: this.refreshToken,
      client_id: this.credentials.clientId,
      client_secret: this.credentials.clientSecret,
    }).toString()
    const maxRetries = this.options.retry?.maxRetries ?? 3
    const maxRetryAfterSeconds = this.options.retry?.maxRetryAfterSeconds ?? 60
    for (let attempt = 0; ; attempt++) {
      const response = await this.options.fetch(`${this.options.baseUrl}${route.path}`, {
        method: route.method,
        headers: {
          ...this.options.headers,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body,
      })
      const text = await response.text()
      let data: unknown
      try {
        data = text ? JSON.parse(text) : undefined
      } catch {
        data = text
      }
      if (response.ok) return this.store(data as TokenResponse)
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'), this.options.now())
      if (response.status === 429 && attempt < maxRetries && (retryAfterSeconds ?? 1) <= maxRetryAfterSeconds) {
        await sleep((retryAfterSeconds ?? 1) * 1000)
        continue
      }
      throw errorFromBody(data, {
        status: response.status,
        operationId: 'exchangePlatformToken',
        headers: response.headers,
        retryAfterSeconds,
        rateLimit: parseRateLimit(response.headers),
      })
    }
  }

  private async store(response: TokenResponse): Promise<string> {
    const tokens: OAuthTokens = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token,
      expiresAt: this.options.now() + response.expires_in * 1000,
      scopes: response.scope ? response.scope.split(' ').filter(Boolean) : [],
    }
    this.accessToken = tokens.accessToken
    this.refreshToken = tokens.refreshToken
    this.expiresAt = tokens.expiresAt
    await this.credentials.onTokens?.(tokens)
    return tokens.accessToken
  }
}
