import { describe, expect, it } from 'vitest'
import { giftStatuses, giftTransitions, nextGiftStatus } from './gift-status.js'

describe('gift transition table', () => {
  // Every (action, status) pair, written out: only an AVAILABLE gift moves.
  const table = [
    ['redeem', 'AVAILABLE', 'REDEEMED'],
    ['redeem', 'REDEEMED', 'GIFT_ALREADY_REDEEMED'],
    ['redeem', 'CANCELLED', 'GIFT_CANCELLED'],
    ['redeem', 'CHANGED_TO_GIFT_CARD', 'GIFT_CHANGED_TO_GIFT_CARD'],
    ['redeem', 'CHANGED_TO_PROMOTION', 'GIFT_CHANGED_TO_PROMOTION'],
    ['cancel', 'AVAILABLE', 'CANCELLED'],
    ['cancel', 'REDEEMED', 'GIFT_ALREADY_REDEEMED'],
    ['cancel', 'CANCELLED', 'GIFT_ALREADY_CANCELLED'],
    ['cancel', 'CHANGED_TO_GIFT_CARD', 'GIFT_CHANGED_TO_GIFT_CARD'],
    ['cancel', 'CHANGED_TO_PROMOTION', 'GIFT_CHANGED_TO_PROMOTION'],
    ['changeToGiftCard', 'AVAILABLE', 'CHANGED_TO_GIFT_CARD'],
    ['changeToGiftCard', 'REDEEMED', 'GIFT_ALREADY_REDEEMED'],
    ['changeToGiftCard', 'CANCELLED', 'GIFT_CANCELLED'],
    ['changeToGiftCard', 'CHANGED_TO_GIFT_CARD', 'GIFT_CHANGED_TO_GIFT_CARD'],
    ['changeToGiftCard', 'CHANGED_TO_PROMOTION', 'GIFT_CHANGED_TO_PROMOTION'],
  ] as const

  it('covers every action from every status', () => {
    for (const action of Object.keys(giftTransitions) as (keyof typeof giftTransitions)[]) {
      for (const status of giftStatuses) {
        expect(table.some(([a, s]) => a === action && s === status)).toBe(true)
      }
    }
    expect(table).toHaveLength(Object.keys(giftTransitions).length * giftStatuses.length)
  })

  it.each(table)('%s from %s → %s', (action, status, outcome) => {
    const gift = { id: 'gft_Test', status }
    if (outcome === 'REDEEMED' || outcome === 'CANCELLED' || outcome === 'CHANGED_TO_GIFT_CARD') {
      expect(nextGiftStatus(gift, action)).toBe(outcome)
    } else {
      let thrown: unknown
      try {
        nextGiftStatus(gift, action)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toMatchObject({ code: outcome, status: 409, details: { giftId: 'gft_Test', status } })
    }
  })
})
