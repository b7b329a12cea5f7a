import type { Executor } from '../../db/database.js'
import type { GiftDrawsTable } from '../../db/schema.js'
import { nextGiftStatus } from './gift-status.js'
import { findGiftPurchase, listGiftsOfDraw, updateGiftFromStatus } from './gifting.repository.js'

/**
 * When a giveaway's draw ends — finished by the bot or ended at its deadline — the gifts it left
 * without a winner go back to the shop: they become CANCELLED (the transition table's `cancel`) and
 * can never be redeemed. Only giveaways the shop created (`origin = GIVEAWAY`, decision 0025): the
 * gifts of a supporter's purchase stay AVAILABLE for a REDO draw. Runs in the caller's transaction;
 * answers how many gifts went back.
 */
export async function returnUnwonGiftsToShop(trx: Executor, draw: GiftDrawsTable, endedAt: string): Promise<number> {
  const purchase = await findGiftPurchase(trx, draw.shop_id, draw.gift_purchase_id)
  if (purchase?.origin !== 'GIVEAWAY') return 0
  const gifts = await listGiftsOfDraw(trx, draw.shop_id, purchase.id, draw.id)
  let returned = 0
  for (const gift of gifts) {
    if (gift.status !== 'AVAILABLE' || gift.winner_selected_at !== null) continue
    const status = nextGiftStatus(gift, 'cancel')
    if (!(await updateGiftFromStatus(trx, gift, gift.status, { status, cancelled_at: endedAt }))) {
      throw new Error(`Gift ${gift.id} changed while its giveaway ended`)
    }
    returned++
  }
  return returned
}
