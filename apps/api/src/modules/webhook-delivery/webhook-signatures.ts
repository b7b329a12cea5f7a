import { createHmac } from 'node:crypto'
import type { Clock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import type { SecretBox } from '../../security/secret-box.js'
import { createTtlCache } from '../caching/ttl-cache.js'
import { signatureHeaders } from '../webhooks/delivery-policy.js'

/**
 * Signatures of a delivery, computed per attempt over the exact bytes sent:
 *
 * - `X-Fourthwall-Hmac-SHA256` and `X-Fanshelf-Hmac-SHA256` (shop configurations) or
 *   `X-Fourthwall-Hmac-Apps-SHA256` and `X-Fanshelf-Hmac-Apps-SHA256` (platform-app configurations),
 *   the same value under both names: base64 HMAC-SHA256 of the raw body, keyed with the secret
 *   string as UTF-8 — the platform's recipe, under the platform's header names so that receivers
 *   written for it verify our deliveries unchanged;
 * - Standard Webhooks: `webhook-id` (the envelope id, stable across retries), `webhook-timestamp`
 *   (this attempt, Unix seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 *   `{id}.{timestamp}.{body}` keyed with the base64-decoded part after `whsec_`), one `v1,…` entry per
 *   active secret so receivers keep verifying during a secret rotation.
 */

/** The secrets a configuration's deliveries are signed with. */
export interface SigningKey {
  /** Which pair of HMAC headers (shop or platform-app names) carries the platform-style signature. */
  kind: 'shop' | 'app'
  /** The current secret first, then a previous one still inside its rotation window. */
  secrets: string[]
}

/** What the worker needs to know about a configuration to sign for it. */
export interface SignedConfiguration {
  id: string
  shopId: string
  appId: string | null
}

/** Where signing secrets come from; the worker asks once per delivery attempt. */
export interface SigningKeys {
  /** The key for this configuration, or undefined when none is available (yet). */
  forConfiguration(configuration: SignedConfiguration): Promise<SigningKey | undefined>
}

/** Platform apps' HMAC keys (one per app), provided by the platform-apps module once it exists. */
export interface AppKeySource {
  keyFor(appId: string): Promise<string | undefined>
}

/** Today no app key source exists: app configurations have no key and are not sent. */
export const noAppKeys: AppKeySource = { keyFor: async () => undefined }

export function hmacBase64(key: Buffer | string, content: string): string {
  return createHmac('sha256', key).update(content, 'utf8').digest('base64')
}

/** The Standard Webhooks key of a secret: the base64-decoded part after `whsec_` (else its UTF-8 bytes). */
export function standardWebhooksKey(secret: string): Buffer {
  return secret.startsWith('whsec_')
    ? Buffer.from(secret.slice('whsec_'.length), 'base64')
    : Buffer.from(secret, 'utf8')
}

export interface SignedMessage {
  id: string
  /** Unix seconds of this attempt. */
  timestamp: number
  body: string
}

/** Every signature header of one attempt. */
export function signDelivery(key: SigningKey, message: SignedMessage): Record<string, string> {
  const [current] = key.secrets
  if (current === undefined) throw new Error('A signing key needs at least one secret')
  const signed = `${message.id}.${message.timestamp}.${message.body}`
  const hmac = hmacBase64(current, message.body)
  const [platformName, fanshelfName] =
    key.kind === 'app'
      ? [signatureHeaders.app, signatureHeaders.fanshelfApp]
      : [signatureHeaders.shop, signatureHeaders.fanshelfShop]
  return {
    [platformName]: hmac,
    [fanshelfName]: hmac,
    [signatureHeaders.id]: message.id,
    [signatureHeaders.timestamp]: String(message.timestamp),
    [signatureHeaders.signature]: key.secrets.map((s) => `v1,${hmacBase64(standardWebhooksKey(s), signed)}`).join(' '),
  }
}

/**
 * The production key source: a shop configuration is signed with the shop's webhook secret (and
 * its previous secret until `webhook_secret_previous_until`); an app configuration with its app's
 * key. Opened secrets are cached for `cacheMs` so a burst of deliveries decrypts each once.
 */
export function createSigningKeys(deps: {
  db: Db
  secretBox: SecretBox
  clock: Clock
  appKeys?: AppKeySource
  cacheMs?: number
}): SigningKeys {
  const { db, secretBox, clock } = deps
  const appKeys = deps.appKeys ?? noAppKeys
  const cacheMs = deps.cacheMs ?? 5_000
  // `cacheMs: 0`: every delivery reads its secrets afresh. Bound: at most 10,000 keys, LRU, each for `cacheMs`.
  const cache =
    cacheMs > 0
      ? createTtlCache<{ key: SigningKey | undefined }>({ clock, ttlMs: cacheMs, maxEntries: 10_000 })
      : undefined

  async function load(configuration: SignedConfiguration): Promise<SigningKey | undefined> {
    if (configuration.appId !== null) {
      const key = await appKeys.keyFor(configuration.appId)
      return key === undefined ? undefined : { kind: 'app', secrets: [key] }
    }
    const shop = await db
      .selectFrom('shops')
      .select(['webhook_secret', 'webhook_secret_previous', 'webhook_secret_previous_until'])
      .where('id', '=', configuration.shopId)
      .executeTakeFirst()
    if (!shop) return undefined
    const secrets = [secretBox.open(shop.webhook_secret)]
    const previousUntil = shop.webhook_secret_previous_until
    if (shop.webhook_secret_previous && previousUntil && Date.parse(previousUntil) > clock.now()) {
      secrets.push(secretBox.open(shop.webhook_secret_previous))
    }
    return { kind: 'shop', secrets }
  }

  return {
    async forConfiguration(configuration) {
      const cacheKey = configuration.appId === null ? `shop:${configuration.shopId}` : `app:${configuration.appId}`
      const cached = cache?.get(cacheKey)
      if (cached) return cached.key
      const key = await load(configuration)
      cache?.set(cacheKey, { key })
      return key
    },
  }
}
