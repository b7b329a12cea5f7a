import { deliveryLogRetentionMs } from '../../modules/webhook-events/webhook-events.service.js'

/** Time units, the windows the large shop covers, and the small value helpers its writers share. */

export const SECOND = 1_000
export const MINUTE = 60 * SECOND
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR
/** Orders cover the year before the anchor; products were added over three years. */
export const historyMs = 365 * DAY
/**
 * Events and deliveries cover the delivery log's 30 days (decision 0017: the worker prunes older
 * ones, so a long-running shop never holds more), starting a minute inside the window.
 */
export const eventWindowMs = deliveryLogRetentionMs - MINUTE
export const catalogueMs = 3 * 365 * DAY
/** The sort key packs an event's second and its index: at most 2^22 events. */
export const indexBits = 2 ** 22

export const iso = (ms: number) => new Date(Math.round(ms)).toISOString()
export const json = (value: unknown) => JSON.stringify(value)
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
