import type { GiftCardsTable } from '../../db/schema.js'
import { toMoney } from '../money/money.js'
import { maskedGiftCardCode } from './gift-card-codes.js'

/** The only place a gift card's shape (merchant admin, CLI, gift page) is built; `code` only when just issued. */
export function toGiftCardResource(card: GiftCardsTable, code?: string) {
  return {
    id: card.id,
    ...(code ? { code } : {}),
    maskedCode: maskedGiftCardCode(card.code_last4),
    initialBalance: toMoney(card.initial_balance, card.currency),
    balance: toMoney(card.balance, card.currency),
    status: card.balance > 0 ? ('ACTIVE' as const) : ('SPENT' as const),
    source:
      card.source_type === 'GIFT'
        ? { type: 'GIFT' as const, giftId: card.source_gift_id }
        : { type: 'ISSUED' as const },
    issuedBy: card.issued_by,
    createdAt: card.created_at,
    updatedAt: card.updated_at,
  }
}

export type GiftCardResource = ReturnType<typeof toGiftCardResource>
