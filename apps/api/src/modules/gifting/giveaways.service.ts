import type { Body } from '@fanshelf/contract'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect } from '../../db/database.js'
import type { GiftDrawsTable, GiftPurchasesTable, GiftsTable } from '../../db/schema.js'
import { validationError } from '../../errors/domain-error.js'
import { newFriendlyId, newId } from '../../ids.js'
import { recordEvent } from '../events/event-outbox.js'
import { findShop } from '../shops/shops.repository.js'
import {
  drawEndsAt,
  isDrawOverdue,
  maxDrawDurationSeconds,
  maxGiftsPerPurchase,
  minDrawDurationSeconds,
} from './draw-policy.js'
import { cryptoRandomInt, pickWinners, type RandomInt } from './draw-winners.js'
import { assertGiftableProduct, toGiftOfferSnapshot } from './gift-offers.js'
import { newAvailableGifts } from './gift-rows.js'
import { createGiftUrls } from './gift-urls.js'
import { giveawayAlreadyFinished, giveawayNotFound } from './gifting.errors.js'
import {
  type GiveawayFinishResource,
  type GiveawayResource,
  type GiveawayWin,
  toGiveawayFinishResource,
  toGiveawayResource,
} from './gifting.mapper.js'
import {
  closeDraw,
  findGiftableProduct,
  findGiftPurchase,
  findLatestDrawOfPurchase,
  insertDraw,
  insertGiftPurchase,
  insertGifts,
  listGiftsOfDraw,
  setGiftWinner,
} from './gifting.repository.js'
import type { GiftingService } from './gifting.service.js'
import { returnUnwonGiftsToShop } from './giveaway-returns.js'

/**
 * Giveaways a bot runs through the beta open API (decision 0025): the shop gives `quantity` gifts of
 * one of its products. A giveaway is a gift purchase with `origin = GIVEAWAY` and no money (nobody
 * paid), so it has the same gifts, draw, events (GIFT_DRAW_STARTED on create, GIFT_DRAW_ENDED on
 * finish) and redemption page (`/gifts/<giftId>/redeem`, order source TWITCH_GIFT_REDEMPTION) as
 * Twitch gifting. Its one draw opens at once; finishing it picks the winners among the Twitch
 * entrants and sends every gift left without a winner back to the shop.
 */

/** Body of `POST /giveaways/giveaways` (contract schema `GiveawayCreateRequest`). */
export type GiveawayRequest = Body<'createGiveaway'>

/** A Twitch entrant as `finish/twitch` receives it. */
export type GiveawayParticipant = Body<'finishGiveaway'>['participants'][number]

export interface GiveawayOptions {
  gifting: Pick<GiftingService, 'getGiftDraw' | 'expireDraw'>
  publicUrl: string
  clock: Clock
  dialect: Dialect
  /** Winners are picked with it (node:crypto's randomInt unless a test passes a seeded one). */
  random?: RandomInt
}

/** A giveaway's entries stay open this long unless the creator says otherwise. */
export const defaultGiveawayDurationSeconds = maxDrawDurationSeconds

/** The shop's address shown as the gifter's `email` in the draw events (the shop gives the prize). */
function shopEmailOf(contactInfo: string): string {
  const contact = JSON.parse(contactInfo) as Record<string, unknown>
  for (const key of ['shopEmail', 'contactEmail', 'transactionalEmail']) {
    const value = contact[key]
    if (typeof value === 'string' && value.includes('@')) return value
  }
  throw new Error('The shop has no contact email')
}

/** The contract checks these on the wire; this holds them for every other caller (CLI, tests). */
function assertGiveawayRequest(request: GiveawayRequest): void {
  const issues = []
  if (!Number.isInteger(request.quantity) || request.quantity < 1 || request.quantity > maxGiftsPerPurchase) {
    issues.push({
      location: 'body' as const,
      field: 'quantity',
      rule: 'range',
      message: `must be an integer from 1 to ${maxGiftsPerPurchase}`,
    })
  }
  const duration = request.durationSeconds
  if (
    duration !== undefined &&
    (!Number.isInteger(duration) || duration < minDrawDurationSeconds || duration > maxDrawDurationSeconds)
  ) {
    issues.push({
      location: 'body' as const,
      field: 'durationSeconds',
      rule: 'range',
      message: `must be an integer from ${minDrawDurationSeconds} to ${maxDrawDurationSeconds}`,
    })
  }
  if (issues.length > 0) throw validationError(issues)
}

export function createGiveawayService(db: Db, options: GiveawayOptions) {
  const { gifting, clock, dialect } = options
  const urls = createGiftUrls(options.publicUrl)
  const random = options.random ?? cryptoRandomInt

  return {
    /**
     * `POST /giveaways/giveaways`: writes the giveaway (amounts zero, the shop's email as the
     * gifter's), its AVAILABLE gifts and its INITIAL draw, and records GIFT_DRAW_STARTED. One
     * transaction.
     */
    async createGiveaway(shopId: string, request: GiveawayRequest): Promise<GiveawayResource> {
      assertGiveawayRequest(request)
      const durationSeconds = request.durationSeconds ?? defaultGiveawayDurationSeconds
      return db.transaction().execute(async (trx) => {
        const { product, variants } = assertGiftableProduct(
          await findGiftableProduct(trx, shopId, request.offerId),
          request.offerId,
          'offerId',
        )
        const shop = await findShop(trx, shopId)
        if (!shop) throw new Error(`Shop ${shopId} disappeared while creating a giveaway`)
        const now = clock.now()
        const createdAt = isoTime(now)
        const giveaway: GiftPurchasesTable = {
          id: newId('giftPurchase'),
          shop_id: shopId,
          friendly_id: newFriendlyId(),
          product_id: product.id,
          offer: JSON.stringify(toGiftOfferSnapshot(product)),
          currency: variants[0]?.currency ?? shop.currency,
          subtotal: 0,
          tax: 0,
          total: 0,
          profit: 0,
          prepaid_shipping: 0,
          email: shopEmailOf(shop.contact_info),
          username: request.username ?? null,
          message: request.message ?? null,
          quantity: request.quantity,
          created_at: createdAt,
          origin: 'GIVEAWAY',
        }
        const gifts = newAvailableGifts({
          shopId,
          purchaseId: giveaway.id,
          productId: product.id,
          quantity: request.quantity,
          createdAt: createdAt,
        })
        const draw: GiftDrawsTable = {
          id: newId('draw'),
          shop_id: shopId,
          gift_purchase_id: giveaway.id,
          type: 'INITIAL',
          duration_seconds: durationSeconds,
          created_at: createdAt,
          ends_at: isoTime(drawEndsAt(now, durationSeconds)),
          finished_at: null,
          outcome: null,
        }
        await insertGiftPurchase(trx, giveaway)
        await insertGifts(trx, gifts)
        await insertDraw(trx, draw, gifts)
        const started = await gifting.getGiftDraw(shopId, draw.id, trx)
        await recordEvent(trx, { shopId, type: 'GIFT_DRAW_STARTED', data: started }, now)
        return toGiveawayResource(giveaway, draw)
      })
    },

    /**
     * `PUT /giveaways/giveaways/{id}/finish/twitch`: closes the giveaway's draw and gives each gift
     * a distinct winner among the entrants (de-duplicated by userId, picked uniformly with a
     * CSPRNG); gifts left without a winner go back to the shop. Records GIFT_DRAW_ENDED. A giveaway
     * already finished — or past its deadline, which this call then ends as the deadline task
     * would — is refused with GIVEAWAY_DRAW_ALREADY_FINISHED.
     */
    async finishGiveaway(
      shopId: string,
      giveawayId: string,
      participants: readonly GiveawayParticipant[],
    ): Promise<GiveawayFinishResource> {
      type Outcome = { finished: GiveawayFinishResource } | { refused: { id: string; finished_at: string | null } }
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        // Locks the giveaway: concurrent finishes of one giveaway run one after the other.
        const giveaway = await findGiftPurchase(trx, shopId, giveawayId, dialect)
        if (giveaway?.origin !== 'GIVEAWAY') throw giveawayNotFound(giveawayId)
        const draw = await findLatestDrawOfPurchase(trx, shopId, giveaway.id)
        if (!draw) throw new Error(`Giveaway ${giveaway.id} has no draw`)
        if (draw.finished_at !== null) throw giveawayAlreadyFinished(giveaway.id, draw)
        const now = clock.now()
        if (isDrawOverdue(draw, now)) {
          const ended = await gifting.expireDraw(trx, draw)
          return { refused: { id: draw.id, finished_at: ended?.finishedAt ?? null } }
        }
        const finishedAt = isoTime(now)
        if (!(await closeDraw(trx, draw, finishedAt, 'FINISHED'))) throw giveawayAlreadyFinished(giveaway.id, draw)
        const open = (await listGiftsOfDraw(trx, shopId, giveaway.id, draw.id)).filter(
          (gift) => gift.status === 'AVAILABLE' && gift.winner_selected_at === null,
        )
        const entrants = participants.map((p) => ({ service: 'TWITCH', userId: p.userId, userName: p.userName }))
        const wins: GiveawayWin[] = []
        for (const [i, winner] of pickWinners(entrants, open.length, random).entries()) {
          const gift = open[i] as GiftsTable
          await setGiftWinner(trx, gift, { username: winner.userName, selectedAt: finishedAt, drawId: draw.id })
          wins.push({ userId: winner.userId, userName: winner.userName, giftId: gift.id })
        }
        await returnUnwonGiftsToShop(trx, draw, finishedAt)
        const ended = await gifting.getGiftDraw(shopId, draw.id, trx)
        await recordEvent(trx, { shopId, type: 'GIFT_DRAW_ENDED', data: ended }, now)
        return { finished: toGiveawayFinishResource(giveaway, { id: draw.id, finished_at: finishedAt }, wins, urls) }
      })
      // Refused after the commit, so that the deadline's ending (and its event) stands.
      if ('refused' in outcome) throw giveawayAlreadyFinished(giveawayId, outcome.refused)
      return outcome.finished
    },
  }
}

export type GiveawayService = ReturnType<typeof createGiveawayService>
