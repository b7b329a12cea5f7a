import { describe, expect, it } from 'vitest'
import {
  codeStatus,
  isExhausted,
  isUsable,
  nextPromotionStatus,
  type PromotionStatus,
  type PromotionStatusAction,
  promotionStatusActions,
  promotionStatuses,
  settleUsage,
} from './promotion-status.js'

/** Written out independently of the table under test. */
const expected: Record<PromotionStatus, Partial<Record<PromotionStatusAction, PromotionStatus>>> = {
  Live: { end: 'Ended', archive: 'Archived', useUp: 'AllUsed' },
  Ended: { resume: 'Live', archive: 'Archived' },
  AllUsed: { end: 'Ended', archive: 'Archived' },
  Archived: {},
}

describe('promotionStatusTransitions', () => {
  const pairs = promotionStatuses.flatMap((status) => promotionStatusActions.map((action) => [status, action] as const))
  it.each(pairs)('%s, %s → %s', (status, action) => {
    expect(nextPromotionStatus(status, action)).toBe(expected[status][action])
  })

  it('knows no other status', () => {
    expect(nextPromotionStatus('LIVE', 'end')).toBeUndefined()
  })
})

describe('usage rules', () => {
  it.each([
    [0, null, false],
    [10_000, null, false],
    [0, 1, false],
    [1, 1, true],
    [4, 5, false],
    [5, 5, true],
    [6, 5, true],
  ] as const)('%i uses of a maximum of %s: exhausted %s', (uses, maximum, exhausted) => {
    expect(isExhausted(uses, maximum)).toBe(exhausted)
  })

  it.each([
    ['Live', true, 'AllUsed'],
    ['Live', false, 'Live'],
    ['Ended', true, 'Ended'],
    ['AllUsed', true, 'AllUsed'],
    ['Archived', true, 'Archived'],
  ] as const)('settles %s (exhausted %s) as %s', (status, exhausted, settled) => {
    expect(settleUsage(status, exhausted)).toBe(settled)
  })

  it('gives an exhausted code AllUsed and any other its promotion’s status', () => {
    expect(codeStatus('Live', true)).toBe('AllUsed')
    expect(codeStatus('Ended', true)).toBe('AllUsed')
    expect(codeStatus('Ended', false)).toBe('Ended')
  })

  it('lets only Live promotions and codes be used', () => {
    expect(promotionStatuses.filter(isUsable)).toEqual(['Live'])
  })
})
