import type { Executor } from '../../db/database.js'

/** Replaces an open cart's metadata (and counts as a change of the cart: it stays alive 30 more days). */
export async function updateOpenCartMetadata(
  db: Executor,
  shopId: string,
  cartId: string,
  metadata: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('carts')
    .set({ metadata, updated_at: at })
    .where('shop_id', '=', shopId)
    .where('id', '=', cartId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
