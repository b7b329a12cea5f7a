import { type Clock, isoTime, systemClock } from '../../clock.js'
import type { Config } from '../../config.js'
import type { ChangeRecorder, Db, Dialect, Executor } from '../../db/database.js'
import type { WebhookConfigurationsTable } from '../../db/schema.js'
import { DomainError, notFound, type ValidationIssue, validationError } from '../../errors/domain-error.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { PageSerializers } from '../../http/serialized-json.js'
import { newId } from '../../ids.js'
import { createKeptPages } from '../caching/kept-pages.js'
import { type WebhookEventType, webhookApiVersion, webhookEventTypes } from '../events/event-types.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import type { ShopService } from '../shops/shops.service.js'
import type { AppKeySource } from '../webhook-delivery/webhook-signatures.js'
import { assertWebhookUrlAllowed, type Resolver } from '../webhook-delivery/webhook-url-guard.js'
import {
  toWebhookConfigurationCreatedResource,
  toWebhookConfigurationResource,
  toWebhookSecretResource,
} from './webhook-configurations.mapper.js'
import {
  countWebhookConfigurations,
  deleteWebhookConfiguration,
  findOwnedConfigurationForUpdate,
  findWebhookConfiguration,
  insertWebhookConfiguration,
  listWebhookConfigurations,
  updateWebhookConfiguration,
  type WebhookOwner,
} from './webhook-configurations.repository.js'
import { assertNoUrlCredentials } from './webhook-url-credentials.js'

/** The configurations a caller sees are the ones it owns: a platform app its own, an API user the shop's. */
export function webhookOwnerOf(principal: ShopPrincipal): WebhookOwner {
  return { shopId: principal.shopId, appId: principal.kind === 'platformApp' ? principal.appId : null }
}

/**
 * Body of `POST /webhooks` and `PUT /webhooks/{webhookConfigurationId}`: `allowedTypes`, or its
 * alias `types` (the real platform's example apps send it); the contract requires one of them.
 */
export interface WebhookConfigurationRequest {
  url: string
  allowedTypes?: string[]
  types?: string[]
}

export interface WebhookConfigurationOptions {
  clock: Clock
  dialect: Dialect
  /** Which webhook URLs are allowed (config.webhooks). */
  rules: Config['webhooks']
  /** DNS for the URL check (the system resolver unless a test passes a stub). */
  resolve?: Resolver
  /** Platform apps' HMAC keys: what `GET /webhooks-secret` answers an app's token. */
  appKeys: AppKeySource
  /** The contract's serializers of `listWebhookConfigurations` (pages kept serialized). */
  configurationPage: PageSerializers
}

function configurationNotFound(webhookConfigurationId: string) {
  return notFound('WEBHOOK_CONFIGURATION_NOT_FOUND', `Webhook configuration ${webhookConfigurationId} was not found.`, {
    webhookConfigurationId,
  })
}

/**
 * The event types of a request: `allowedTypes`, else its alias `types`. Both may be sent when they
 * list the same types (in any order); different lists are a 400 naming both fields. The chosen list
 * must be non-empty, known, without repeats (the router checks the schema too; this holds for
 * callers that bypass it).
 */
function assertAllowedTypes(request: WebhookConfigurationRequest): WebhookEventType[] {
  const { allowedTypes, types } = request
  if (allowedTypes !== undefined && types !== undefined) {
    const canonical = new Set(allowedTypes)
    const alias = new Set(types)
    if (canonical.size !== alias.size || [...alias].some((type) => !canonical.has(type))) {
      const message = 'allowedTypes and its alias types list different event types; send one of them'
      throw validationError([
        { location: 'body', field: 'allowedTypes', rule: 'alias', message },
        { location: 'body', field: 'types', rule: 'alias', message },
      ])
    }
  }
  const field = allowedTypes !== undefined || types === undefined ? 'allowedTypes' : 'types'
  const list = allowedTypes ?? types ?? []
  const issues: ValidationIssue[] = []
  if (list.length === 0) {
    issues.push({ location: 'body', field, rule: 'minItems', message: 'must list at least one type' })
  }
  const seen = new Set<string>()
  for (const [i, type] of list.entries()) {
    if (!(webhookEventTypes as readonly string[]).includes(type)) {
      issues.push({ location: 'body', field: `${field}/${i}`, rule: 'enum', message: `${type} is not an event type` })
    } else if (seen.has(type)) {
      issues.push({ location: 'body', field, rule: 'uniqueItems', message: `repeats ${type}` })
    }
    seen.add(type)
  }
  if (issues.length > 0) throw validationError(issues)
  return list as WebhookEventType[]
}

/**
 * Webhook configurations of a shop (where events are delivered) and the shop's signing secret.
 * A platform app's configurations are its own: created with its `app_id`, invisible to the shop's
 * API users and to other apps. Configuration changes have no webhook event type: nothing is recorded.
 */
export function createWebhookConfigurationService(db: Db, shops: ShopService, options: WebhookConfigurationOptions) {
  const { clock, dialect, rules } = options
  /**
   * Pages kept while the database is unchanged (decision 0048, amendment). A caller sees only its
   * owner's configurations (the shop's own, or one platform app's), so the owner is in the key.
   */
  const keptPages = createKeptPages(db, options.configurationPage, { maxEntries: 32 })

  async function listConfigurations(owner: WebhookOwner, page: PageRequest) {
    const [rows, total] = await Promise.all([
      listWebhookConfigurations(db, owner, page),
      countWebhookConfigurations(db, owner),
    ])
    return toPage(rows.map(toWebhookConfigurationResource), total, page)
  }

  async function getConfiguration(owner: WebhookOwner, webhookConfigurationId: string, executor: Executor = db) {
    const configuration = await findWebhookConfiguration(executor, owner, webhookConfigurationId)
    if (!configuration) throw configurationNotFound(webhookConfigurationId)
    return toWebhookConfigurationResource(configuration)
  }

  /**
   * The URL rules: no credentials in it (checked first, so no later error echoes them), absolute
   * http(s), https when required, no private/loopback/link-local address unless allowed — the name
   * is resolved. The DNS wait is bounded in real time: it is network I/O, and a test's ManualClock
   * must not hold a request forever.
   */
  async function assertUrlAllowed(url: string): Promise<void> {
    assertNoUrlCredentials(url)
    await assertWebhookUrlAllowed(url, rules, { resolve: options.resolve, clock: systemClock })
  }

  return {
    listConfigurations,

    /** `listConfigurations` as the wire answer, kept per owner and page. */
    listConfigurationsJson: (owner: WebhookOwner, page: PageRequest) =>
      keptPages([owner.shopId, owner.appId, page.offset, page.size, page.page], () => listConfigurations(owner, page)),
    getConfiguration,

    /** `POST /webhooks`: the new configuration, enabled, with the key its deliveries are signed with. */
    async createConfiguration(owner: WebhookOwner, request: WebhookConfigurationRequest, audit?: ChangeRecorder) {
      const allowedTypes = assertAllowedTypes(request)
      await assertUrlAllowed(request.url)
      const now = isoTime(clock.now())
      const configuration: WebhookConfigurationsTable = {
        id: newId('webhookConfiguration'),
        shop_id: owner.shopId,
        app_id: owner.appId,
        url: request.url,
        allowed_types: JSON.stringify(allowedTypes),
        api_version: webhookApiVersion,
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: now,
        updated_at: now,
      }
      await db.transaction().execute(async (trx) => {
        await insertWebhookConfiguration(trx, configuration)
        await audit?.(configuration.id, trx)
      })
      const secret = owner.appId === null ? await shops.getWebhookSecret(owner.shopId) : null
      return toWebhookConfigurationCreatedResource(configuration, secret)
    },

    /**
     * `PUT /webhooks/{id}`: replaces `url` and `allowedTypes` and enables the configuration again
     * (a disabled one forgets why it was disabled and since when it was failing).
     */
    async updateConfiguration(
      owner: WebhookOwner,
      webhookConfigurationId: string,
      request: WebhookConfigurationRequest,
      audit?: ChangeRecorder,
    ) {
      const allowedTypes = assertAllowedTypes(request)
      // Tenancy first: another owner's id is a 404 whatever the body says.
      if (!(await findWebhookConfiguration(db, owner, webhookConfigurationId))) {
        throw configurationNotFound(webhookConfigurationId)
      }
      await assertUrlAllowed(request.url)
      return db.transaction().execute(async (trx) => {
        const configuration = await findOwnedConfigurationForUpdate(trx, owner, webhookConfigurationId, dialect)
        if (!configuration) throw configurationNotFound(webhookConfigurationId)
        await updateWebhookConfiguration(trx, configuration, {
          url: request.url,
          allowed_types: JSON.stringify(allowedTypes),
          enabled: 1,
          disabled_reason: null,
          failing_since: null,
          updated_at: isoTime(clock.now()),
        })
        await audit?.(webhookConfigurationId, trx)
        return getConfiguration(owner, webhookConfigurationId, trx)
      })
    },

    /** `DELETE /webhooks/{id}`: the configuration, its queued deliveries and its delivery log. */
    async deleteConfiguration(
      owner: WebhookOwner,
      webhookConfigurationId: string,
      audit?: ChangeRecorder,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const configuration = await findOwnedConfigurationForUpdate(trx, owner, webhookConfigurationId, dialect)
        if (!configuration) throw configurationNotFound(webhookConfigurationId)
        await deleteWebhookConfiguration(trx, configuration)
        await audit?.(webhookConfigurationId, trx)
      })
    },

    /**
     * Deprecated `GET /webhooks-secret`: the secret that signs the caller's own deliveries — the
     * shop's (opened from its sealed form) for an API user, the app's HMAC key for an app's token.
     * An app is never answered the shop's secret: it signs configurations the app cannot see.
     */
    async getSigningSecret(principal: ShopPrincipal) {
      if (principal.kind === 'apiUser') return toWebhookSecretResource(await shops.getWebhookSecret(principal.shopId))
      const key = principal.kind === 'platformApp' ? await options.appKeys.keyFor(principal.appId) : undefined
      if (key === undefined) {
        const clientId = principal.kind === 'platformApp' ? principal.appId : null
        throw new DomainError(
          'WEBHOOK_SECRET_NOT_AVAILABLE',
          'This caller has no webhook signing secret of its own; the shop’s secret is only given to its API users.',
          { clientId },
        )
      }
      return toWebhookSecretResource(key)
    },
  }
}

export type WebhookConfigurationService = ReturnType<typeof createWebhookConfigurationService>
