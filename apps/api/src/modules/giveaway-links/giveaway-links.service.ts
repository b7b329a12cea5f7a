import type { Body } from '@fanshelf/contract'
import { type Clock, isoTime } from '../../clock.js'
import type { Db, Dialect, Executor } from '../../db/database.js'
import type { GiftsTable, GiveawayPackagesTable } from '../../db/schema.js'
import { validationError } from '../../errors/domain-error.js'
import type { SerializedJson } from '../../http/serialized-json.js'
import { newId } from '../../ids.js'
import { createStampedCache } from '../caching/stamped-cache.js'
import { assertGiftableProduct } from '../gifting/gift-offers.js'
import { type GiftAction, nextGiftStatus } from '../gifting/gift-status.js'
import { createGiftUrls } from '../gifting/gift-urls.js'
import { findGiftableProduct, updateGiftFromStatus } from '../gifting/gifting.repository.js'
import { giveawayLinkNotFound, giveawayPackageNotFound } from './giveaway-links.errors.js'
import {
  toGiveawayLinkResource,
  toGiveawayPackageListResource,
  toGiveawayPackageResource,
} from './giveaway-links.mapper.js'
import {
  findGiveawayLink,
  findGiveawayPackage,
  insertGiveawayPackage,
  listGiveawayLinks,
  listGiveawayPackages,
} from './giveaway-links.repository.js'

export interface GiveawayLinkOptions {
  /** Base of the public site; giveaway links point there. */
  publicUrl: string
  clock: Clock
  dialect: Dialect
  /** The contract's serializer of `listGiveawayLinkPackages`' answer. */
  serializePackages: (packages: unknown) => SerializedJson
}

/** Most links one package holds (the contract's bound on `number`). */
export const maxLinksPerPackage = 500

/** Body of `POST /giveaway-links` (`number`: 1 to maxLinksPerPackage). */
export type GiveawayLinksRequest = Body<'createGiveawayLinks'>

export interface RedeemingOrder {
  orderId: string
  orderFriendlyId: string
}

/**
 * Packages of single-use giveaway links (each link is a gift of the package). A link is redeemed
 * once (the storefront's redemption creates the order and calls `redeemLink` in its transaction)
 * or cancelled; no webhook event type exists for links, so nothing is recorded.
 */
export function createGiveawayLinkService(db: Db, options: GiveawayLinkOptions) {
  const { clock, dialect } = options
  const urls = createGiftUrls(options.publicUrl)
  /** Each shop's package list as its wire answer, kept while the database is unchanged (at most 32 shops). */
  const keptPackages = createStampedCache<SerializedJson>(db, { maxEntries: 32 })

  async function listPackages(shopId: string) {
    return toGiveawayPackageListResource(await listGiveawayPackages(db, shopId))
  }

  async function getPackage(shopId: string, packageId: string, executor: Executor = db) {
    const pkg = await findGiveawayPackage(executor, shopId, packageId)
    if (!pkg) throw giveawayPackageNotFound(packageId)
    return toGiveawayPackageResource(pkg, await listGiveawayLinks(executor, shopId, pkg.id), urls)
  }

  async function getLink(shopId: string, giftId: string, executor: Executor = db) {
    const link = await findGiveawayLink(executor, shopId, giftId)
    if (!link) throw giveawayLinkNotFound(giftId)
    return toGiveawayLinkResource(link, urls)
  }

  /** Moves a link by the gift transition table; a refused move is a 409 naming the link's status. */
  async function moveLink(
    trx: Executor,
    shopId: string,
    giftId: string,
    action: GiftAction,
    values: (now: string) => Partial<GiftsTable>,
  ) {
    const link = await findGiveawayLink(trx, shopId, giftId, dialect)
    if (!link) throw giveawayLinkNotFound(giftId)
    const status = nextGiftStatus(link, action)
    if (!(await updateGiftFromStatus(trx, link, link.status, { status, ...values(isoTime(clock.now())) }))) {
      nextGiftStatus((await findGiveawayLink(trx, shopId, giftId)) ?? link, action)
      throw new Error(`Giveaway link ${giftId} changed while it was being updated`)
    }
    return getLink(shopId, giftId, trx)
  }

  return {
    listPackages,
    /** `listPackages` as the wire answer, kept while the database is unchanged (decision 0048). */
    listPackagesJson: (shopId: string) =>
      keptPackages.get(shopId, async () => options.serializePackages(await listPackages(shopId))),
    getPackage,
    getLink,

    /** `POST /giveaway-links`: a new package of `number` AVAILABLE links for a giftable product. */
    async createPackage(shopId: string, request: GiveawayLinksRequest) {
      if (!Number.isInteger(request.number) || request.number < 1 || request.number > maxLinksPerPackage) {
        throw validationError([
          { location: 'body', field: 'number', rule: 'range', message: `must be from 1 to ${maxLinksPerPackage}` },
        ])
      }
      return db.transaction().execute(async (trx) => {
        const { product } = assertGiftableProduct(
          await findGiftableProduct(trx, shopId, request.productId),
          request.productId,
        )
        const createdAt = isoTime(clock.now())
        const pkg: GiveawayPackagesTable = {
          id: newId('giveawayPackage'),
          shop_id: shopId,
          product_id: product.id,
          created_at: createdAt,
        }
        const links: GiftsTable[] = Array.from({ length: request.number }, (_, position) => ({
          id: newId('gift'),
          shop_id: shopId,
          gift_purchase_id: null,
          package_id: pkg.id,
          draw_id: null,
          product_id: product.id,
          status: 'AVAILABLE',
          winner_email: null,
          winner_username: null,
          winner_selected_at: null,
          promotion_id: null,
          order_id: null,
          order_friendly_id: null,
          position,
          created_at: createdAt,
          cancelled_at: null,
          redeemed_at: null,
        }))
        await insertGiveawayPackage(trx, pkg, links)
        return toGiveawayPackageResource(pkg, links, urls)
      })
    },

    /** Cancels an AVAILABLE link (409 GIFT_ALREADY_REDEEMED / GIFT_ALREADY_CANCELLED otherwise). */
    async cancelLink(shopId: string, giftId: string) {
      return db
        .transaction()
        .execute((trx) => moveLink(trx, shopId, giftId, 'cancel', (now) => ({ cancelled_at: now })))
    },

    /**
     * Marks a link redeemed by the order it became — once: a second redemption is refused with 409
     * GIFT_ALREADY_REDEEMED, a cancelled link with 409 GIFT_CANCELLED. Runs in the caller's
     * transaction (the order's) when given one.
     */
    async redeemLink(shopId: string, giftId: string, order: RedeemingOrder, executor?: Executor) {
      const redeem = (trx: Executor) =>
        moveLink(trx, shopId, giftId, 'redeem', (now) => ({
          order_id: order.orderId,
          order_friendly_id: order.orderFriendlyId,
          redeemed_at: now,
        }))
      return executor ? redeem(executor) : db.transaction().execute(redeem)
    },
  }
}

export type GiveawayLinkService = ReturnType<typeof createGiveawayLinkService>
