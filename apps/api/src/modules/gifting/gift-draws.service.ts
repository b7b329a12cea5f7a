import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { GiftDrawsTable, GiftPurchasesTable, GiftsTable } from '../../db/schema.js'
import { newId } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { defaultDrawDurationSeconds, drawDeadline, drawEndsAt, drawGraceSeconds, isDrawOverdue } from './draw-policy.js'
import { cryptoRandomInt, type DrawParticipant, pickWinners, type RandomInt } from './draw-winners.js'
import { assertDrawDuration } from './gift-purchase-request.js'
import { createGiftUrls } from './gift-urls.js'
import {
  drawAlreadyFinished,
  drawInProgress,
  drawNotFound,
  giftPurchaseNotFound,
  nothingToDraw,
} from './gifting.errors.js'
import { type GiftDrawResource, toGiftDrawResource } from './gifting.mapper.js'
import {
  closeDraw,
  findEarliestOpenDrawEnd,
  findGiftDraw,
  findGiftPurchase,
  findNewestOpenDrawId,
  findOpenDrawOfPurchase,
  hasDraws,
  insertDraw,
  listDrawableGifts,
  listGiftsOfDraw,
  listOpenDrawsEndedBy,
  setGiftWinner,
} from './gifting.repository.js'
import { returnUnwonGiftsToShop } from './giveaway-returns.js'

export interface GiftDrawOptions {
  /** Base of the public site; gift redemption links point there. */
  publicUrl: string
  clock: Clock
  dialect: Dialect
  /** Draws pick winners with it (node:crypto's randomInt unless a test passes a seeded one). */
  random?: RandomInt
}

const deadlineBatch = 100

/**
 * The draws of gift purchases: an INITIAL draw opened by a purchase while the shop is live (the
 * purchase calls `openDraw` in its transaction, then `notifyDrawOpened` after the commit), finished
 * with winners picked among the chat entrants, or ended without winners after its deadline (the
 * deadline task); a REDO draw for the gifts still without a winner.
 */
export function createGiftDrawService(db: Db, options: GiftDrawOptions) {
  const { clock, dialect } = options
  const urls = createGiftUrls(options.publicUrl)
  const random = options.random ?? cryptoRandomInt
  // Bound: one per subscriber (the draw-deadline loop), removed by the function onDrawOpened returns.
  const drawOpenedListeners = new Set<() => void>()

  async function drawResource(executor: Executor, draw: GiftDrawsTable): Promise<GiftDrawResource> {
    const purchase = await findGiftPurchase(executor, draw.shop_id, draw.gift_purchase_id)
    // A foreign key guarantees the purchase; its absence is a broken invariant (a 500), not a 404.
    if (!purchase) throw new Error(`Draw ${draw.id} references a gift purchase outside shop ${draw.shop_id}`)
    const gifts = await listGiftsOfDraw(executor, draw.shop_id, purchase.id, draw.id)
    return toGiftDrawResource(draw, purchase, gifts, urls)
  }

  async function getGiftDraw(shopId: string, drawId: string, executor: Executor = db) {
    const draw = await findGiftDraw(executor, shopId, drawId)
    if (!draw) throw drawNotFound(drawId)
    return drawResource(executor, draw)
  }

  /** Opens a draw for `gifts` and records GIFT_DRAW_STARTED, inside the caller's transaction. */
  async function openDraw(
    trx: Executor,
    purchase: GiftPurchasesTable,
    gifts: GiftsTable[],
    type: GiftDrawsTable['type'],
    durationSeconds: number,
  ): Promise<GiftDrawResource> {
    const now = clock.now()
    const draw: GiftDrawsTable = {
      id: newId('draw'),
      shop_id: purchase.shop_id,
      gift_purchase_id: purchase.id,
      type,
      duration_seconds: durationSeconds,
      created_at: isoTime(now),
      ends_at: isoTime(drawEndsAt(now, durationSeconds)),
      finished_at: null,
      outcome: null,
    }
    await insertDraw(trx, draw, gifts)
    const resource = await drawResource(trx, draw)
    await recordEvent(trx, { shopId: purchase.shop_id, type: 'GIFT_DRAW_STARTED', data: resource }, now)
    return resource
  }

  /**
   * Ends an overdue draw without winners and records GIFT_DRAW_ENDED, inside the caller's
   * transaction; `finishedAt` is the deadline itself, whenever the task gets to it. Answers the
   * ended draw, or undefined when someone else ended it first.
   */
  async function expireDraw(trx: Executor, draw: GiftDrawsTable): Promise<GiftDrawResource | undefined> {
    const finishedAt = isoTime(drawDeadline(draw.ends_at))
    if (!(await closeDraw(trx, draw, finishedAt, 'EXPIRED'))) return undefined
    await returnUnwonGiftsToShop(trx, draw, finishedAt)
    const resource = await drawResource(trx, { ...draw, finished_at: finishedAt, outcome: 'EXPIRED' })
    await recordEvent(trx, { shopId: draw.shop_id, type: 'GIFT_DRAW_ENDED', data: resource }, clock.now())
    return resource
  }

  function notifyDrawOpened(): void {
    for (const listener of drawOpenedListeners) listener()
  }

  return {
    getGiftDraw,
    openDraw,
    notifyDrawOpened,
    /** Ends an overdue draw without winners (GIFT_DRAW_ENDED), in the caller's transaction. */
    expireDraw,

    /**
     * `PUT /gifting/draw/{drawId}/finish`: picks winners among the distinct participants, at most one
     * per gift of the draw still available without a winner, and records GIFT_DRAW_ENDED. A draw
     * already past its deadline is ended without winners (as the deadline task would) and refused.
     */
    async finishDraw(shopId: string, drawId: string, participants: DrawParticipant[]) {
      type Outcome = { finished: GiftDrawResource } | { expired: { id: string; finished_at: string } }
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const draw = await findGiftDraw(trx, shopId, drawId, dialect)
        if (!draw) throw drawNotFound(drawId)
        if (draw.finished_at !== null) throw drawAlreadyFinished(draw)
        const now = clock.now()
        if (isDrawOverdue(draw, now)) {
          const ended = await expireDraw(trx, draw)
          return { expired: { id: draw.id, finished_at: ended?.finishedAt ?? isoTime(drawDeadline(draw.ends_at)) } }
        }
        const finishedAt = isoTime(now)
        if (!(await closeDraw(trx, draw, finishedAt, 'FINISHED'))) {
          const current = await findGiftDraw(trx, shopId, drawId)
          throw drawAlreadyFinished(current ?? draw)
        }
        const open = (await listGiftsOfDraw(trx, shopId, draw.gift_purchase_id, draw.id)).filter(
          (gift) => gift.status === 'AVAILABLE' && gift.winner_selected_at === null,
        )
        const winners = pickWinners(participants, open.length, random)
        for (const [i, winner] of winners.entries()) {
          const gift = open[i] as GiftsTable
          await setGiftWinner(trx, gift, { username: winner.userName, selectedAt: finishedAt, drawId: draw.id })
        }
        const resource = await drawResource(trx, { ...draw, finished_at: finishedAt, outcome: 'FINISHED' })
        await recordEvent(trx, { shopId, type: 'GIFT_DRAW_ENDED', data: resource }, now)
        return { finished: resource }
      })
      // Refused after the commit, so that the expiry (and its event) stands.
      if ('expired' in outcome) throw drawAlreadyFinished(outcome.expired)
      return outcome.finished
    },

    /** The id of the shop's newest draw still taking entries (open, its window not closed); undefined when none. */
    newestOpenDrawId(shopId: string): Promise<string | undefined> {
      return findNewestOpenDrawId(db, shopId, isoTime(clock.now()))
    },

    /**
     * Opens a draw for the purchase's gifts still available without a winner: a REDO after an
     * earlier draw (an INITIAL one if the purchase never had a draw, e.g. bought while offline).
     * An open draw past its deadline is ended first; one still running is a 409.
     */
    async redoDraw(shopId: string, giftPurchaseId: string, redo: { durationSeconds?: number } = {}) {
      const durationSeconds = redo.durationSeconds ?? defaultDrawDurationSeconds
      assertDrawDuration(durationSeconds, 'durationSeconds')
      const draw = await db.transaction().execute(async (trx) => {
        // Locks the purchase: concurrent redos of one purchase run one after the other.
        const purchase = await findGiftPurchase(trx, shopId, giftPurchaseId, dialect)
        if (!purchase) throw giftPurchaseNotFound(giftPurchaseId)
        const open = await findOpenDrawOfPurchase(trx, shopId, purchase.id)
        if (open) {
          if (!isDrawOverdue(open, clock.now())) throw drawInProgress(purchase.id, open.id)
          await expireDraw(trx, open)
        }
        const gifts = await listDrawableGifts(trx, shopId, purchase.id)
        if (gifts.length === 0) throw nothingToDraw(purchase.id)
        const type = (await hasDraws(trx, shopId, purchase.id)) ? 'REDO' : 'INITIAL'
        return openDraw(trx, purchase, gifts, type, durationSeconds)
      })
      notifyDrawOpened()
      return draw
    },

    /**
     * Ends every open draw past its deadline without winners (GIFT_DRAW_ENDED for each), each in its
     * own transaction. Safe to run on several nodes at once: each draw is ended exactly once.
     * Answers the ids of the draws this call ended.
     */
    async endOverdueDraws(): Promise<string[]> {
      const ended: string[] = []
      for (;;) {
        const endedBy = isoTime(clock.now() - drawGraceSeconds * 1000)
        const overdue = await listOpenDrawsEndedBy(db, endedBy, deadlineBatch)
        for (const draw of overdue) {
          const resource = await db.transaction().execute((trx) => expireDraw(trx, draw))
          if (resource) ended.push(draw.id)
        }
        if (overdue.length < deadlineBatch) return ended
      }
    },

    /** When the earliest open draw's deadline falls (epoch ms), if any draw is open. */
    async nextDrawDeadline(): Promise<number | undefined> {
      const endsAt = await findEarliestOpenDrawEnd(db)
      return endsAt === undefined ? undefined : drawDeadline(endsAt)
    },

    /** Calls `listener` after a transaction that opened a draw commits (the deadline task wakes). */
    onDrawOpened(listener: () => void): () => void {
      drawOpenedListeners.add(listener)
      return () => drawOpenedListeners.delete(listener)
    },
  }
}
