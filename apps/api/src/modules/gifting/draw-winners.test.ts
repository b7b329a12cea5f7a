import { describe, expect, it } from 'vitest'
import { type DrawParticipant, distinctParticipants, pickWinners, type RandomInt } from './draw-winners.js'

const twitch = (userId: string, userName = `user_${userId}`): DrawParticipant => ({
  service: 'TWITCH',
  userId,
  userName,
})

/** A small seeded generator (mulberry32) so that property checks are reproducible. */
function seeded(seed: number): RandomInt {
  let state = seed >>> 0
  return (max) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max)
  }
}

describe('distinctParticipants', () => {
  it('keeps one entry per service + userId, the first one with its userName', () => {
    const entrants = [twitch('1', 'first'), twitch('2'), twitch('1', 'renamed'), { ...twitch('1'), service: 'YOUTUBE' }]
    expect(distinctParticipants(entrants)).toEqual([
      twitch('1', 'first'),
      twitch('2'),
      { service: 'YOUTUBE', userId: '1', userName: 'user_1' },
    ])
  })
})

describe('pickWinners', () => {
  it('picks distinct winners, only among the participants, never more than the gifts', () => {
    const random = seeded(7)
    for (let trial = 0; trial < 500; trial++) {
      const entrants = Array.from({ length: trial % 13 }, (_, i) => twitch(String((i * 7) % 10)))
      const gifts = trial % 6
      const winners = pickWinners(entrants, gifts, random)
      const distinct = distinctParticipants(entrants)
      expect(winners).toHaveLength(Math.min(gifts, distinct.length))
      expect(new Set(winners.map((w) => w.userId)).size).toBe(winners.length)
      for (const winner of winners) expect(distinct).toContainEqual(winner)
    }
  })

  it('gives every entrant a winner when there are fewer entrants than gifts', () => {
    const entrants = [twitch('1'), twitch('2'), twitch('1')]
    const winners = pickWinners(entrants, 5)
    expect(winners.map((w) => w.userId).sort()).toEqual(['1', '2'])
  })

  it('picks nobody from no entrants or for no gifts', () => {
    expect(pickWinners([], 3)).toEqual([])
    expect(pickWinners([twitch('1')], 0)).toEqual([])
  })

  it('draws with the injected random source (a partial Fisher–Yates shuffle)', () => {
    const entrants = [twitch('a'), twitch('b'), twitch('c'), twitch('d')]
    // Always the last index: d swaps into 0 ([d,b,c,a]), a into 1 ([d,a,c,b]), b into 2 ([d,a,b,c]).
    expect(pickWinners(entrants, 3, (max) => max - 1).map((w) => w.userId)).toEqual(['d', 'a', 'b'])
    expect(pickWinners(entrants, 2, () => 0).map((w) => w.userId)).toEqual(['a', 'b'])
  })

  it('is uniform: over many draws with node:crypto every entrant wins about equally often', () => {
    // 6 entrants (one entered three times), 2 gifts: each entrant wins with probability 1/3.
    const entrants = [twitch('1'), twitch('2'), twitch('3'), twitch('3'), twitch('3'), twitch('4'), twitch('5')]
    entrants.push(twitch('6'))
    const trials = 6_000
    const wins = new Map<string, number>()
    for (let i = 0; i < trials; i++) {
      for (const winner of pickWinners(entrants, 2)) wins.set(winner.userId, (wins.get(winner.userId) ?? 0) + 1)
    }
    const expected = (trials * 2) / 6
    for (const id of ['1', '2', '3', '4', '5', '6']) {
      // ±10% of 2000 is more than 5 standard deviations (σ ≈ 36.5): loose, never flaky.
      expect(Math.abs((wins.get(id) ?? 0) - expected)).toBeLessThan(expected * 0.1)
    }
  })

  it('is uniform with a seeded source too, and fair to the first and last positions', () => {
    const random = seeded(42)
    const entrants = Array.from({ length: 10 }, (_, i) => twitch(String(i)))
    const firstPicks = new Array<number>(10).fill(0)
    for (let i = 0; i < 20_000; i++) {
      const [winner] = pickWinners(entrants, 1, random)
      firstPicks[Number(winner?.userId)]! += 1
    }
    for (const count of firstPicks) expect(Math.abs(count - 2_000)).toBeLessThan(250)
  })
})
