/**
 * The seed's clock: every seeded timestamp is the anchor minus an offset (never the real clock).
 */

/** Every seeded timestamp is this instant minus an offset (never the real clock). */
export const seedAnchorMs = Date.UTC(2026, 10, 1, 12, 0, 0, 0)
export const seedAnchor = new Date(seedAnchorMs).toISOString()
/** The fixed seed of the generator; change it and every id and value changes. */
export const demoSeed = 'fanshelf-demo-v1'

export const SECOND = 1_000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const iso = (ms: number) => new Date(Math.round(ms)).toISOString()
export const json = (value: unknown) => JSON.stringify(value)
/** No seeded event happens after the anchor. */
export const clampToAnchor = (ms: number) => Math.min(ms, seedAnchorMs - MINUTE)
