import type { Executor } from '../../db/database.js'
import type { Json, OrdersTable } from '../../db/schema.js'
import { toMoney } from '../money/money.js'
import { maskedGiftCardCode } from './gift-card-codes.js'
import { creditGiftCard } from './gift-cards.repository.js'

/**
 * What gift cards paid for an order, as the order keeps it (`orders.gift_cards`, written with the
 * order) and as the order shows it (`amounts.giftCards`). The code is masked: an order travels to
 * every API user and webhook receiver of the shop, and the full code still spends the balance.
 */

export interface OrderGiftCardUse {
  giftCardId: string
  codeLast4: string
  /** Minor units of the order currency. */
  amount: number
}

export function toOrderGiftCardsJson(uses: OrderGiftCardUse[]): Json | null {
  return uses.length > 0 ? JSON.stringify(uses) : null
}

export function parseOrderGiftCards(json: Json | null | undefined): OrderGiftCardUse[] {
  return json ? (JSON.parse(json) as OrderGiftCardUse[]) : []
}

/** `amounts.giftCards` of the contract's `Order`: `[]` when no card paid. */
export function toOrderGiftCardResources(json: Json | null | undefined, currency: string) {
  return parseOrderGiftCards(json).map((use) => ({
    code: maskedGiftCardCode(use.codeLast4),
    amountUsed: toMoney(use.amount, currency),
    giftCardId: use.giftCardId,
  }))
}

/** Minor units the order's gift cards paid. */
export function giftCardsPaid(json: Json | null | undefined): number {
  return parseOrderGiftCards(json).reduce((sum, use) => sum + use.amount, 0)
}

/** A cancelled order gives back what its gift cards paid, in the cancellation's transaction. */
export async function returnOrderGiftCards(trx: Executor, order: OrdersTable, at: string): Promise<void> {
  for (const use of parseOrderGiftCards(order.gift_cards)) {
    if (!(await creditGiftCard(trx, { shop_id: order.shop_id, id: use.giftCardId }, use.amount, at))) {
      throw new Error(`Gift card ${use.giftCardId} cannot take back ${use.amount} from order ${order.id}`)
    }
  }
}
