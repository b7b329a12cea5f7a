import type { Executor } from '../../db/database.js'
import type { StorefrontTokensTable } from '../../db/schema.js'

export function findActiveTokenByHash(db: Executor, hash: string) {
  return db
    .selectFrom('storefront_tokens')
    .select(['id', 'shop_id'])
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

export function findActiveToken(db: Executor, shopId: string) {
  return db
    .selectFrom('storefront_tokens')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
}

export async function insertToken(db: Executor, row: StorefrontTokensTable): Promise<void> {
  await db.insertInto('storefront_tokens').values(row).execute()
}

/** Revokes the shop's active token; answers the revoked token's id, if there was one. */
export async function revokeActiveToken(db: Executor, shopId: string, at: string): Promise<string | undefined> {
  const row = await db
    .updateTable('storefront_tokens')
    .set({ revoked_at: at })
    .where('shop_id', '=', shopId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

export function findShopId(db: Executor, shopId: string) {
  return db.selectFrom('shops').select('id').where('id', '=', shopId).executeTakeFirst()
}
