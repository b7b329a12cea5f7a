import { randomInt } from 'node:crypto'

/** One chat entrant of a draw (contract schema `DrawParticipant`). */
export interface DrawParticipant {
  service: string
  userId: string
  userName: string
}

/** A uniform random integer in [0, maxExclusive): node:crypto's by default, a seeded one in tests. */
export type RandomInt = (maxExclusive: number) => number

export const cryptoRandomInt: RandomInt = (maxExclusive) => randomInt(maxExclusive)

/** Entrants de-duplicated by service + userId; the first entry of each keeps its userName. */
export function distinctParticipants(participants: readonly DrawParticipant[]): DrawParticipant[] {
  const seen = new Set<string>()
  const distinct: DrawParticipant[] = []
  for (const participant of participants) {
    const key = `${participant.service}\u0000${participant.userId}`
    if (seen.has(key)) continue
    seen.add(key)
    distinct.push(participant)
  }
  return distinct
}

/**
 * Picks up to `count` winners uniformly at random without replacement among the distinct
 * participants (a partial Fisher–Yates shuffle): every entrant has the same chance whatever their
 * position or how often they entered, and nobody wins twice. Fewer entrants than `count` → every
 * entrant wins, in random order.
 */
export function pickWinners(
  participants: readonly DrawParticipant[],
  count: number,
  random: RandomInt = cryptoRandomInt,
): DrawParticipant[] {
  const pool = distinctParticipants(participants)
  const winners = Math.max(0, Math.min(count, pool.length))
  for (let i = 0; i < winners; i++) {
    const j = i + random(pool.length - i)
    const picked = pool[j] as DrawParticipant
    pool[j] = pool[i] as DrawParticipant
    pool[i] = picked
  }
  return pool.slice(0, winners)
}
