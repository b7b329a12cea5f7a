import { type Clock, isoTime } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { GiftCardsTable } from '../../db/schema.js'
import { newId } from '../../ids.js'
import { isStorefrontCurrency, storefrontCurrencies } from '../money/exchange-rates.js'
import { type Money, minorUnitExponent, toMinor } from '../money/money.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { generateGiftCardCode, giftCardCodeHash, giftCardCodeLast4 } from './gift-card-codes.js'
import { giftCardAmountInvalid } from './gift-cards.errors.js'
import { type GiftCardResource, toGiftCardResource } from './gift-cards.mapper.js'
import { countGiftCards, insertGiftCard, listGiftCards } from './gift-cards.repository.js'

/** The largest amount one card may be issued with, in major units of its currency. */
export const maxGiftCardValue = 10_000

export type GiftCardSource = { type: 'ISSUED'; issuedBy: string | null } | { type: 'GIFT'; giftId: string }

export interface NewGiftCard {
  shopId: string
  currency: string
  /** Minor units. */
  amount: number
  source: GiftCardSource
  now: number
}

/** A new card's row and its code (shown once to whoever issued it; only its digest is stored). */
export function newGiftCardRecord(input: NewGiftCard): { row: GiftCardsTable; code: string } {
  const code = generateGiftCardCode()
  const at = isoTime(input.now)
  return {
    code,
    row: {
      id: newId('giftCard'),
      shop_id: input.shopId,
      code_hash: giftCardCodeHash(code),
      code_last4: giftCardCodeLast4(code),
      currency: input.currency,
      initial_balance: input.amount,
      balance: input.amount,
      source_type: input.source.type,
      source_gift_id: input.source.type === 'GIFT' ? input.source.giftId : null,
      issued_by: input.source.type === 'ISSUED' ? input.source.issuedBy : null,
      created_at: at,
      updated_at: at,
    },
  }
}

/** Minor units of an issued amount; 400 naming `amount.value` / `amount.currency` otherwise. */
export function giftCardAmountMinor(amount: Money): number {
  if (!isStorefrontCurrency(amount.currency)) {
    throw giftCardAmountInvalid('amount.currency', `must be one of ${storefrontCurrencies.join(', ')}`)
  }
  const minor = toMinor(amount.value, amount.currency)
  if (minor === undefined) {
    throw giftCardAmountInvalid(
      'amount.value',
      `must have at most ${minorUnitExponent(amount.currency)} decimals in ${amount.currency}`,
    )
  }
  if (minor <= 0 || amount.value > maxGiftCardValue) {
    throw giftCardAmountInvalid('amount.value', `must be more than 0 and at most ${maxGiftCardValue}`)
  }
  return minor
}

/**
 * Gift cards a shop issues (merchant admin, CLI) or a Twitch gift becomes (gifting). The balance is
 * spent by the hosted checkout (checkout/gift-card-redemption.ts).
 */
export function createGiftCardService(db: Db, options: { clock: Clock }) {
  const { clock } = options
  return {
    /** Issues a card; the answer carries the full code, which is never shown again. */
    async issueGiftCard(
      shopId: string,
      input: { amount: Money; issuedBy: string | null },
      executor: Executor = db,
    ): Promise<GiftCardResource> {
      const amount = giftCardAmountMinor(input.amount)
      const { row, code } = newGiftCardRecord({
        shopId,
        currency: input.amount.currency,
        amount,
        source: { type: 'ISSUED', issuedBy: input.issuedBy },
        now: clock.now(),
      })
      await insertGiftCard(executor, row)
      return toGiftCardResource(row, code)
    },

    /** The shop's cards, newest first (codes masked). */
    async listGiftCards(shopId: string, request: PageRequest) {
      const [rows, total] = await Promise.all([
        listGiftCards(db, shopId, request.size, request.offset),
        countGiftCards(db, shopId),
      ])
      return toPage(
        rows.map((row) => toGiftCardResource(row)),
        total,
        request,
      )
    },
  }
}

export type GiftCardService = ReturnType<typeof createGiftCardService>
