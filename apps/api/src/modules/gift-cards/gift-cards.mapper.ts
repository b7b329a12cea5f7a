import type { AdminSchema } from '@fanshelf/contract'
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
        ? // A gift's card is always written with its gift's id (gift-cards.service.ts); the column is nullable.
          { type: 'GIFT' as const, giftId: card.source_gift_id as string }
        : { type: 'ISSUED' as const },
    issuedBy: card.issued_by,
    createdAt: card.created_at,
    updatedAt: card.updated_at,
  } satisfies AdminSchema<'AdminGiftCard'>
}

export type GiftCardResource = ReturnType<typeof toGiftCardResource>
