import type { Dialect, Executor } from '../../db/database.js'
import type { GiftCardsTable } from '../../db/schema.js'
import type { DomainError } from '../../errors/domain-error.js'
import { giftCardCodeHash, normalizeGiftCardCode } from '../gift-cards/gift-card-codes.js'
import {
  giftCardBalanceChanged,
  giftCardCurrencyMismatch,
  giftCardNotFound,
  giftCardSpent,
} from '../gift-cards/gift-cards.errors.js'
import { debitGiftCard, findGiftCardByCodeHash } from '../gift-cards/gift-cards.repository.js'
import type { OrderGiftCardUse } from '../gift-cards/order-gift-cards.js'

/**
 * A gift card paying for a checkout (decision 0022). The card pays what it can of the order's total
 * — subtotal, shipping, tax, donation, less discounts — in the order's currency, exactly in minor
 * units: `amountUsed = min(balance, total)`; the payment card pays the rest (`amountDue`). The
 * order's `total` stays the order's value; `amounts.giftCards` says how it was paid. Placing the
 * order debits the card in the order's transaction with a conditional UPDATE, so concurrent orders
 * never overdraw it and a refused order leaves the balance untouched.
 */

export interface AppliedGiftCard {
  card: GiftCardsTable
  /** Minor units of the order currency. */
  amountUsed: number
}

export interface GiftCardQuote {
  giftCard: AppliedGiftCard | null
  /** Why the entered code cannot pay (the order is refused while it is entered). */
  giftCardError: DomainError | null
  /** What the payment card pays: the total less the gift card. */
  amountDue: number
}

export async function quoteGiftCard(
  executor: Executor,
  input: { shopId: string; code: string; currency: string; total: number; lock?: Dialect },
): Promise<GiftCardQuote> {
  const entered = normalizeGiftCardCode(input.code)
  const none = { giftCard: null, giftCardError: null, amountDue: input.total }
  if (!input.code.trim()) return none
  const last4 = entered.slice(-4)
  if (!entered) return { ...none, giftCardError: giftCardNotFound('') }
  const card = await findGiftCardByCodeHash(executor, input.shopId, giftCardCodeHash(entered), input.lock)
  if (!card) return { ...none, giftCardError: giftCardNotFound(last4) }
  if (card.currency !== input.currency) {
    return { ...none, giftCardError: giftCardCurrencyMismatch(card.code_last4, card.currency, input.currency) }
  }
  if (card.balance <= 0) return { ...none, giftCardError: giftCardSpent(card.code_last4) }
  const amountUsed = Math.min(card.balance, input.total)
  if (amountUsed === 0) return none
  return { giftCard: { card, amountUsed }, giftCardError: null, amountDue: input.total - amountUsed }
}

/** Debits the card inside the order's transaction; a balance spent meanwhile refuses the order. */
export async function spendGiftCard(trx: Executor, applied: AppliedGiftCard, at: string): Promise<OrderGiftCardUse> {
  if (!(await debitGiftCard(trx, applied.card, applied.amountUsed, at))) {
    throw giftCardBalanceChanged(applied.card.code_last4)
  }
  return { giftCardId: applied.card.id, codeLast4: applied.card.code_last4, amount: applied.amountUsed }
}
