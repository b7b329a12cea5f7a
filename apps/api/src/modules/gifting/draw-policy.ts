/**
 * The rules of gifting draws, as data (platform notes §3): the entry window a draw opens with, and
 * the grace after it before an unfinished draw is ended without winners so that it can be redone.
 */

/** Entry window of a draw when the caller does not choose one (the platform's default). */
export const defaultDrawDurationSeconds = 60

/** Bounds of a chosen entry window. */
export const minDrawDurationSeconds = 10
export const maxDrawDurationSeconds = 3_600

/** A draw not finished by `endsAt` plus this is ended automatically, with no winners. */
export const drawGraceSeconds = 60

/** How many gifts one purchase may buy. */
export const maxGiftsPerPurchase = 100

/** When the entry window of a draw opened at `openedAtMs` closes. */
export function drawEndsAt(openedAtMs: number, durationSeconds: number): number {
  return openedAtMs + durationSeconds * 1000
}

/** The moment an unfinished draw is ended automatically (`endsAt` + grace). */
export function drawDeadline(endsAtIso: string): number {
  return Date.parse(endsAtIso) + drawGraceSeconds * 1000
}

/** Whether a still-open draw is past its deadline at `now`. */
export function isDrawOverdue(draw: { ends_at: string; finished_at: string | null }, now: number): boolean {
  return draw.finished_at === null && drawDeadline(draw.ends_at) <= now
}
