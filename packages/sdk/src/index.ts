/**
 * `@fanshelf/sdk` — a typed client of the Fanshelf open API (stable + beta) and storefront API on
 * `fetch`, generated from the contracts, and a webhook signature verifier.
 *
 * @example
 * ```ts
 * import { createOpenApiClient, createStorefrontClient, verifyWebhook } from '@fanshelf/sdk'
 * ```
 *
 * @packageDocumentation
 */

export { FanshelfApiError, isFanshelfApiError } from './errors.js'
export type * as OpenApiTypes from './generated/open-api.js'
export type * as OpenApiBetaTypes from './generated/open-api-beta.js'
export type * as StorefrontApiTypes from './generated/storefront-api.js'
export type { OAuthCredentials, OAuthTokens } from './oauth.js'
export {
  createOpenApiClient,
  type OpenApiAuth,
  type OpenApiClient,
  type OpenApiClientOptions,
} from './open-api-client.js'
export type {
  OpenApiOperationId,
  OperationArgs,
  OperationData,
  OperationId,
  OperationMethod,
  OperationParameters,
  PagedOperationId,
  PageItem,
  PaginateParameters,
  RequestOptions,
  StorefrontOperationId,
} from './operation-types.js'
export { type Page, type PageableArgs, PageIterator, type PaginateOptions, paginate } from './pagination.js'
export type { RateLimitState, RetryOptions } from './rate-limit.js'
export type { OpenApiSchemas, StorefrontSchemas } from './schemas.js'
export {
  buildCheckoutUrl,
  createStorefrontClient,
  type StorefrontClient,
  type StorefrontClientOptions,
} from './storefront-client.js'
export type { ApiResponse } from './transport.js'
export {
  defaultWebhookToleranceSeconds,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationFailure,
  webhookEventTypes,
} from './webhooks.js'
