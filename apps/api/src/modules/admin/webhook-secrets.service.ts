import { randomBytes } from 'node:crypto'
import type { AdminSchema } from '@fanshelf/contract'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect } from '../../db/database.js'
import { DomainError } from '../../errors/domain-error.js'
import type { SecretBox } from '../../security/secret-box.js'
import type { AuditRecorder } from './admin-audit-log.service.js'
import { findShopSecrets, findShopSecretsForUpdate, updateShopSecrets } from './webhook-secrets.repository.js'

/**
 * The shop's webhook signing secret, as the merchant admin shows and rotates it. Rotating keeps the
 * old secret in `shops.webhook_secret_previous` until `webhook_secret_previous_until`; meanwhile
 * the delivery worker (`webhook-delivery/webhook-signatures.ts`) puts one `v1,…` entry per secret
 * in `webhook-signature`, so receivers verifying with either secret keep accepting deliveries while
 * they switch. The platform-style `X-Fanshelf-Hmac-SHA256` header carries one signature only — the
 * new secret's — from the moment of rotation (the worker caches keys for up to 5 s).
 */

/** How long the previous secret keeps signing by default, and at most (AdminSecretRotationRequest). */
export const secretRotationGraceHours = { default: 24, max: 168 } as const

/**
 * The secret in clear; the previous secret still signs until `previousSecretExpiresAt` (null when
 * no rotation is in its grace period). admin-api.yaml `AdminWebhookSecret`.
 */
export type ShopWebhookSecret = AdminSchema<'AdminWebhookSecret'>

/** A new secret in the seed's format: usable as is by Standard Webhooks libraries. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

export function createWebhookSecretService(db: Db, deps: { clock: Clock; dialect: Dialect; secretBox: SecretBox }) {
  const { clock, dialect, secretBox } = deps

  function shopNotFound(shopId: string) {
    return new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
  }

  function graceEnd(until: string | null): string | null {
    return until !== null && Date.parse(until) > clock.now() ? until : null
  }

  return {
    /** The secret in clear; `audit` records who saw it (decision 0027). */
    async reveal(shopId: string, audit?: AuditRecorder): Promise<ShopWebhookSecret> {
      const shop = await findShopSecrets(db, shopId)
      if (!shop) throw shopNotFound(shopId)
      await audit?.(shopId)
      return {
        secret: secretBox.open(shop.webhook_secret),
        previousSecretExpiresAt: shop.webhook_secret_previous ? graceEnd(shop.webhook_secret_previous_until) : null,
      }
    },

    /**
     * A new current secret; the old one keeps signing for `graceHours` (0: stops at once). `audit`
     * records the rotation in the same transaction.
     */
    async rotate(
      shopId: string,
      graceHours: number = secretRotationGraceHours.default,
      audit?: AuditRecorder,
    ): Promise<ShopWebhookSecret> {
      return db.transaction().execute(async (trx) => {
        const shop = await findShopSecretsForUpdate(trx, shopId, dialect)
        if (!shop) throw shopNotFound(shopId)
        const now = clock.now()
        const secret = newWebhookSecret()
        const until = graceHours > 0 ? isoTime(now + graceHours * 3_600_000) : null
        await updateShopSecrets(trx, shopId, {
          webhook_secret: secretBox.seal(secret),
          webhook_secret_previous: until === null ? null : shop.webhook_secret,
          webhook_secret_previous_until: until,
          updated_at: isoTime(now),
        })
        await audit?.(shopId, trx)
        return { secret, previousSecretExpiresAt: until }
      })
    },
  }
}

export type WebhookSecretService = ReturnType<typeof createWebhookSecretService>
