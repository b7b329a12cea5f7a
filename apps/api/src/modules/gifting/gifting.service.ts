import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { GiftDrawsTable, GiftPurchasesTable, GiftsTable } from '../../db/schema.js'
import { validationError } from '../../errors/domain-error.js'
import { newFriendlyId, newId } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { type GiftCardResource, toGiftCardResource } from '../gift-cards/gift-cards.mapper.js'
import { insertGiftCard } from '../gift-cards/gift-cards.repository.js'
import { newGiftCardRecord } from '../gift-cards/gift-cards.service.js'
import { isShopStreaming } from '../streaming/streaming.repository.js'
import {
  defaultDrawDurationSeconds,
  drawDeadline,
  drawEndsAt,
  drawGraceSeconds,
  isDrawOverdue,
  maxDrawDurationSeconds,
  maxGiftsPerPurchase,
  minDrawDurationSeconds,
} from './draw-policy.js'
import { cryptoRandomInt, type DrawParticipant, pickWinners, type RandomInt } from './draw-winners.js'
import { assertGiftableProduct, toGiftOfferSnapshot } from './gift-offers.js'
import { giftCardValueMinor, giftPrepaidShippingMinor, giftTaxMinor } from './gift-pricing.js'
import { newAvailableGifts } from './gift-rows.js'
import { nextGiftStatus } from './gift-status.js'
import { createGiftUrls } from './gift-urls.js'
import {
  drawAlreadyFinished,
  drawInProgress,
  drawNotFound,
  giftCardNotOfferedForGiveaway,
  giftNotFound,
  giftNotWon,
  giftPurchaseNotFound,
  nothingToDraw,
} from './gifting.errors.js'
import { type GiftDrawResource, toGiftDrawResource, toGiftPurchaseResource } from './gifting.mapper.js'
import {
  closeDraw,
  findEarliestOpenDrawEnd,
  findGift,
  findGiftableProduct,
  findGiftDraw,
  findGiftPurchase,
  findNewestOpenDrawId,
  findOpenDrawOfPurchase,
  hasDraws,
  insertDraw,
  insertGiftPurchase,
  insertGifts,
  listDrawableGifts,
  listGiftsOfDraw,
  listGiftsOfPurchase,
  listOpenDrawsEndedBy,
  setGiftWinner,
  updateGiftFromStatus,
} from './gifting.repository.js'
import { returnUnwonGiftsToShop } from './giveaway-returns.js'

export interface GiftingOptions {
  /** Base of the public site; gift redemption links point there. */
  publicUrl: string
  clock: Clock
  dialect: Dialect
  /** Draws pick winners with it (node:crypto's randomInt unless a test passes a seeded one). */
  random?: RandomInt
}

/** A gift purchase as the checkout hands it over (amounts in minor units of the variant's currency). */
export interface GiftPurchaseRequest {
  productId: string
  /** The variant whose price the gifter paid; the product's first variant when absent. */
  variantId?: string
  quantity: number
  email: string
  username?: string | null
  message?: string | null
  /** Tax the checkout charged; the gift-pricing rule when absent. */
  tax?: number
  /** Shipping prepaid for the winners; the gift-pricing rule when absent. */
  prepaidShipping?: number
  /** Entry window of the draw opened when the shop is live (default 60 s). */
  drawDurationSeconds?: number
}

export interface RedeemingOrder {
  orderId: string
  orderFriendlyId: string
  /** The redeemer's email: a draw winner's becomes known here. */
  email?: string
}

const deadlineBatch = 100

/**
 * Gift purchases and their draws (Twitch gifting). A purchase made while the shop is live opens an
 * INITIAL draw; finishing it picks winners among the chat entrants; a draw nobody finishes is
 * ended without winners after its deadline (the deadline task), and a REDO draw can then be held
 * for the gifts still without a winner. Every change records its event in its own transaction.
 */
export function createGiftingService(db: Db, options: GiftingOptions) {
  const { clock, dialect } = options
  const urls = createGiftUrls(options.publicUrl)
  const random = options.random ?? cryptoRandomInt
  const drawOpenedListeners = new Set<() => void>()

  async function getGiftPurchase(shopId: string, giftPurchaseId: string, executor: Executor = db) {
    const purchase = await findGiftPurchase(executor, shopId, giftPurchaseId)
    if (!purchase) throw giftPurchaseNotFound(giftPurchaseId)
    return toGiftPurchaseResource(purchase, await listGiftsOfPurchase(executor, shopId, purchase.id))
  }

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

  function assertDuration(durationSeconds: number, field: string): void {
    if (
      !Number.isInteger(durationSeconds) ||
      durationSeconds < minDrawDurationSeconds ||
      durationSeconds > maxDrawDurationSeconds
    ) {
      throw validationError([
        {
          location: 'body',
          field,
          rule: 'range',
          message: `must be an integer from ${minDrawDurationSeconds} to ${maxDrawDurationSeconds}`,
        },
      ])
    }
  }

  function assertPurchaseRequest(request: GiftPurchaseRequest): void {
    const issues = []
    if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > maxGiftsPerPurchase) {
      issues.push({
        location: 'body' as const,
        field: 'quantity',
        rule: 'range',
        message: `must be an integer from 1 to ${maxGiftsPerPurchase}`,
      })
    }
    if (!/^[^\s@]+@[^\s@]+$/.test(request.email)) {
      issues.push({ location: 'body' as const, field: 'email', rule: 'format', message: 'must be an email address' })
    }
    for (const field of ['tax', 'prepaidShipping'] as const) {
      const value = request[field]
      if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
        issues.push({ location: 'body' as const, field, rule: 'minimum', message: 'must be whole minor units ≥ 0' })
      }
    }
    if (issues.length > 0) throw validationError(issues)
    if (request.drawDurationSeconds !== undefined) assertDuration(request.drawDurationSeconds, 'drawDurationSeconds')
  }

  return {
    getGiftPurchase,
    getGiftDraw,
    /** Ends an overdue draw without winners (GIFT_DRAW_ENDED), in the caller's transaction. */
    expireDraw,

    /**
     * A supporter bought `quantity` gifts of a product for the stream's chat: the purchase and its
     * gifts (all AVAILABLE) are written and GIFT_PURCHASE recorded; when the shop is live an INITIAL
     * draw opens for the gifts (GIFT_DRAW_STARTED). One transaction.
     */
    async purchaseGift(shopId: string, request: GiftPurchaseRequest) {
      assertPurchaseRequest(request)
      const result = await db.transaction().execute(async (trx) => {
        const { product, variants } = assertGiftableProduct(
          await findGiftableProduct(trx, shopId, request.productId),
          request.productId,
        )
        const variant = request.variantId === undefined ? variants[0] : variants.find((v) => v.id === request.variantId)
        if (!variant) {
          throw validationError([
            {
              location: 'body',
              field: request.variantId === undefined ? 'productId' : 'variantId',
              rule: 'exists',
              message: `is not a variant of product ${request.productId}`,
            },
          ])
        }
        const now = clock.now()
        const currency = variant.currency
        const subtotal = variant.unit_price * request.quantity
        const tax = request.tax ?? giftTaxMinor(subtotal, currency)
        const prepaidShipping = request.prepaidShipping ?? giftPrepaidShippingMinor(request.quantity, currency)
        const purchase: GiftPurchasesTable = {
          id: newId('giftPurchase'),
          shop_id: shopId,
          friendly_id: newFriendlyId(),
          product_id: product.id,
          offer: JSON.stringify(toGiftOfferSnapshot(product)),
          currency,
          subtotal,
          tax,
          total: subtotal + tax + prepaidShipping,
          profit: subtotal - (variant.unit_cost ?? 0) * request.quantity,
          prepaid_shipping: prepaidShipping,
          email: request.email,
          username: request.username ?? null,
          message: request.message ?? null,
          quantity: request.quantity,
          created_at: isoTime(now),
        }
        const gifts = newAvailableGifts({
          shopId,
          purchaseId: purchase.id,
          productId: product.id,
          quantity: request.quantity,
          createdAt: purchase.created_at,
        })
        await insertGiftPurchase(trx, purchase)
        await insertGifts(trx, gifts)
        const purchaseResource = toGiftPurchaseResource(purchase, gifts)
        await recordEvent(trx, { shopId, type: 'GIFT_PURCHASE', data: purchaseResource }, now)
        const draw = (await isShopStreaming(trx, shopId))
          ? await openDraw(trx, purchase, gifts, 'INITIAL', request.drawDurationSeconds ?? defaultDrawDurationSeconds)
          : null
        return { purchase: purchaseResource, draw }
      })
      if (result.draw) notifyDrawOpened()
      return result
    },

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
      assertDuration(durationSeconds, 'durationSeconds')
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

    /**
     * Redeems a draw winner's gift once: it becomes REDEEMED with the order it turned into. Runs in
     * the caller's transaction (the order's) when given one. Refused with 409 when the gift has no
     * winner, was redeemed already, cancelled or changed to a promotion.
     */
    async redeemGift(shopId: string, giftId: string, order: RedeemingOrder, executor?: Executor) {
      const redeem = async (trx: Executor) => {
        const gift = await findGift(trx, shopId, giftId, dialect)
        if (!gift || gift.gift_purchase_id === null) throw giftNotFound(giftId)
        const status = nextGiftStatus(gift, 'redeem')
        if (gift.winner_selected_at === null) throw giftNotWon(giftId)
        const moved = await updateGiftFromStatus(trx, gift, gift.status, {
          status,
          order_id: order.orderId,
          order_friendly_id: order.orderFriendlyId,
          winner_email: order.email ?? gift.winner_email,
          redeemed_at: isoTime(clock.now()),
        })
        if (!moved) {
          nextGiftStatus((await findGift(trx, shopId, giftId)) ?? gift, 'redeem')
          throw new Error(`Gift ${giftId} changed while it was being redeemed`)
        }
        return getGiftPurchase(shopId, gift.gift_purchase_id, trx)
      }
      return executor ? redeem(executor) : db.transaction().execute(redeem)
    },

    /**
     * A draw winner takes a gift card instead of the product (decision 0022): the gift becomes
     * CHANGED_TO_GIFT_CARD with the new card's id, and the card — worth the gift's share of what the
     * gifter paid for goods and shipping, in the purchase's currency — is answered with its full
     * code, once. One transaction; refused with 409 like a redemption (no winner, redeemed already,
     * cancelled, changed already).
     */
    async changeGiftToGiftCard(shopId: string, giftId: string): Promise<GiftCardResource> {
      return db.transaction().execute(async (trx) => {
        const gift = await findGift(trx, shopId, giftId, dialect)
        if (!gift || gift.gift_purchase_id === null) throw giftNotFound(giftId)
        const status = nextGiftStatus(gift, 'changeToGiftCard')
        if (gift.winner_selected_at === null) throw giftNotWon(giftId)
        const purchase = await findGiftPurchase(trx, shopId, gift.gift_purchase_id)
        if (!purchase) throw new Error(`Gift ${giftId} references a gift purchase outside shop ${shopId}`)
        // A giveaway's gifts were paid by nobody (zero amounts): there is no value to put on a card.
        if (purchase.origin === 'GIVEAWAY' || giftCardValueMinor(purchase) <= 0) {
          throw giftCardNotOfferedForGiveaway(giftId)
        }
        const { row, code } = newGiftCardRecord({
          shopId,
          currency: purchase.currency,
          amount: giftCardValueMinor(purchase),
          source: { type: 'GIFT', giftId: gift.id },
          now: clock.now(),
        })
        await insertGiftCard(trx, row)
        if (!(await updateGiftFromStatus(trx, gift, gift.status, { status, gift_card_id: row.id }))) {
          nextGiftStatus((await findGift(trx, shopId, giftId)) ?? gift, 'changeToGiftCard')
          throw new Error(`Gift ${giftId} changed while it was being changed to a gift card`)
        }
        return toGiftCardResource(row, code)
      })
    },
  }
}

export type GiftingService = ReturnType<typeof createGiftingService>
