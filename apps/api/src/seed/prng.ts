import { type IdKind, idPrefixes, newFriendlyId } from '../ids.js'

/**
 * A small seeded pseudo-random generator (sfc32, seeded from a string through cyrb128) so that the
 * demo data set is identical on every run and on every machine. It is NOT for secrets: credentials
 * come from node:crypto.
 *
 * `fork(label)` derives an independent stream from the seed and a label without consuming this
 * stream, so adding data to one part of the seed does not shift the values of another.
 */
export class Prng {
  private a: number
  private b: number
  private c: number
  private d: number

  constructor(readonly seed: string) {
    ;[this.a, this.b, this.c, this.d] = cyrb128(seed)
    // Warm up: the first outputs of sfc32 are poorly mixed for similar seeds.
    for (let i = 0; i < 15; i++) this.next()
  }

  /** An independent generator for a named part of the data set. */
  fork(label: string): Prng {
    return new Prng(`${this.seed}/${label}`)
  }

  /** A float in [0, 1). */
  next(): number {
    this.a >>>= 0
    this.b >>>= 0
    this.c >>>= 0
    this.d >>>= 0
    let t = (this.a + this.b) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.d = (this.d + 1) | 0
    t = (t + this.d) | 0
    this.c = (this.c + t) | 0
    return (t >>> 0) / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  /** A float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min)
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }

  /** Picks a value with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    if (total <= 0) throw new Error('weighted pick needs a positive total weight')
    let roll = this.next() * total
    for (const [value, weight] of entries) {
      roll -= weight
      if (roll < 0) return value
    }
    return entries[entries.length - 1]![0]
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[out[i], out[j]] = [out[j]!, out[i]!]
    }
    return out
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length))
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length)
    for (let i = 0; i < length; i++) out[i] = Math.floor(this.next() * 256)
    return out
  }

  /** A version-4-shaped UUID (random bits from this generator). */
  uuid(): string {
    const b = this.bytes(16)
    b[6] = (b[6]! & 0x0f) | 0x40
    b[8] = (b[8]! & 0x3f) | 0x80
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }

  /** A prefixed id shaped like ids.ts `newId` (prefix + 22 url-safe base64 characters). */
  id(kind: IdKind): string {
    return idPrefixes[kind] + this.token(22)
  }

  /** A prefixed id for a prefix ids.ts does not know (e.g. membership payment charges `mpc_`). */
  prefixed(prefix: string, length = 22): string {
    return prefix + this.token(length)
  }

  /** `length` url-safe base64 characters. */
  token(length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += base64url[Math.floor(this.next() * 64)]
    return out
  }

  /** An order / gift-purchase friendly id (8 upper-case letters and digits, ids.ts alphabet). */
  friendlyId(): string {
    return newFriendlyId(() => this.next())
  }
}

const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** cyrb128: a fast 128-bit string hash, used only to turn a seed string into generator state. */
function cyrb128(input: string): [number, number, number, number] {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i)
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  h1 ^= h2 ^ h3 ^ h4
  h2 ^= h1
  h3 ^= h1
  h4 ^= h1
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0]
}
