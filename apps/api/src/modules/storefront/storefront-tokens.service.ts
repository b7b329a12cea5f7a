import { type Clock, isoTime } from '../../clock.js'
import type { ChangeRecorder, Db, Executor } from '../../db/database.js'
import { DomainError } from '../../errors/domain-error.js'
import { newId } from '../../ids.js'
import { generateSecret } from '../../security/passwords.js'
import { type SecretBox, tokenHash } from '../../security/secret-box.js'
import { createTtlCache } from '../caching/ttl-cache.js'
import {
  findActiveToken,
  findActiveTokenByHash,
  findShopId,
  insertToken,
  revokeActiveToken,
} from './storefront-tokens.repository.js'

/**
 * Storefront tokens (`ptkn_…`): one active token per shop, public by design (shipped in browser
 * code), passed as the `storefront_token` query parameter on every `/v1` call. Stored hashed for
 * lookup and sealed so the admin (and `PUT /public-token`) can show it again. Regenerating revokes
 * the old token in the same transaction; a revoked token answers 401 STOREFRONT_TOKEN_INVALID.
 *
 * Verified tokens are remembered for `cacheTtlMs` (default 5 s) so that the token check is not a
 * query on every storefront request; a revocation on this node takes effect at once, on other
 * nodes within that time. The memo is keyed by the token itself, not its hash: the token is public
 * (it ships in every storefront's browser code), and a hit then costs no SHA-256 (2.4% of a
 * storefront read's CPU when it was keyed by hash).
 */
export interface StorefrontToken {
  shopId: string
  tokenId: string
  token: string
  createdAt: string
}

export interface StorefrontTokenOptions {
  clock: Clock
  secretBox: SecretBox
  cacheTtlMs?: number
}

const maxCached = 10_000

function shopNotFound(shopId: string): DomainError {
  return new DomainError('SHOP_NOT_FOUND', `Shop ${shopId} does not exist.`, { shopId })
}

export function createStorefrontTokenService(db: Db, options: StorefrontTokenOptions) {
  const { clock, secretBox } = options
  const verified = createTtlCache<{ shopId: string; tokenId: string }>({
    clock,
    ttlMs: options.cacheTtlMs ?? 5_000,
    maxEntries: maxCached,
  })

  function toToken(row: { id: string; shop_id: string; token_sealed: string; created_at: string }): StorefrontToken {
    return { shopId: row.shop_id, tokenId: row.id, token: secretBox.open(row.token_sealed), createdAt: row.created_at }
  }

  async function create(trx: Executor, shopId: string): Promise<StorefrontToken> {
    const token = generateSecret('ptkn_')
    const row = {
      id: newId('storefrontToken'),
      shop_id: shopId,
      token_hash: tokenHash(token),
      token_sealed: secretBox.seal(token),
      created_at: isoTime(clock.now()),
      revoked_at: null,
    }
    await insertToken(trx, row)
    return toToken(row)
  }

  async function assertShop(executor: Executor, shopId: string): Promise<void> {
    if (!(await findShopId(executor, shopId))) throw shopNotFound(shopId)
  }

  function forgetShop(shopId: string): void {
    for (const [token, entry] of [...verified.entries()]) if (entry.shopId === shopId) verified.delete(token)
  }

  return {
    /** The shop and token id of an active token, or undefined (unknown or revoked). */
    async authenticate(token: string): Promise<{ shopId: string; tokenId: string } | undefined> {
      // Tokens are `ptkn_` + 32 url-safe characters; anything else cannot match and needs no query.
      if (!/^ptkn_[A-Za-z0-9_-]{10,64}$/.test(token)) return undefined
      const cached = verified.get(token)
      if (cached) return { shopId: cached.shopId, tokenId: cached.tokenId }
      const row = await findActiveTokenByHash(db, tokenHash(token))
      if (!row) {
        verified.delete(token)
        return undefined
      }
      verified.set(token, { shopId: row.shop_id, tokenId: row.id })
      return { shopId: row.shop_id, tokenId: row.id }
    },

    /** The shop's active token, if it has one. */
    async findToken(shopId: string): Promise<StorefrontToken | undefined> {
      const row = await findActiveToken(db, shopId)
      return row ? toToken(row) : undefined
    },

    /** `PUT /public-token`: the active token, created on first call (one per shop, even when racing). */
    async getOrCreate(shopId: string, audit?: ChangeRecorder): Promise<StorefrontToken> {
      const existing = await findActiveToken(db, shopId)
      if (existing) return toToken(existing)
      try {
        return await db.transaction().execute(async (trx) => {
          await assertShop(trx, shopId)
          const current = await findActiveToken(trx, shopId)
          if (current) return toToken(current)
          const created = await create(trx, shopId)
          await audit?.(created.tokenId, trx)
          return created
        })
      } catch (error) {
        // A concurrent call created it first (storefront_tokens_one_active): answer that one.
        const winner = await findActiveToken(db, shopId)
        if (winner) return toToken(winner)
        throw error
      }
    },

    /** Revokes the active token (if any) and creates a new one, in one transaction. */
    async regenerate(shopId: string, audit?: ChangeRecorder): Promise<StorefrontToken> {
      const token = await db.transaction().execute(async (trx) => {
        await assertShop(trx, shopId)
        await revokeActiveToken(trx, shopId, isoTime(clock.now()))
        const created = await create(trx, shopId)
        await audit?.(created.tokenId, trx)
        return created
      })
      forgetShop(shopId)
      return token
    },

    /** Revokes the active token; answers whether there was one. The shop has no token until the next create. */
    async revoke(shopId: string, audit?: ChangeRecorder): Promise<boolean> {
      const revoked = await db.transaction().execute(async (trx) => {
        await assertShop(trx, shopId)
        const tokenId = await revokeActiveToken(trx, shopId, isoTime(clock.now()))
        if (tokenId !== undefined) await audit?.(tokenId, trx)
        return tokenId
      })
      forgetShop(shopId)
      return revoked !== undefined
    },
  }
}

export type StorefrontTokenService = ReturnType<typeof createStorefrontTokenService>
