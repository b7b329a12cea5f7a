import type { GiftDrawsTable, GiftPurchasesTable, GiftsTable } from '../../db/schema.js'
import { absentIfNull } from '../../http/optional-fields.js'
import { toMoney } from '../money/money.js'
import type { GiftUrls } from './gift-urls.js'

/** The product snapshot taken at purchase time (contract schema `GiftOffer`). */
function toGiftOfferResource(purchase: GiftPurchasesTable) {
  const offer = JSON.parse(purchase.offer) as Record<string, unknown>
  return {
    id: purchase.product_id,
    name: offer.name,
    slug: offer.slug,
    description: offer.description,
    primaryImage: absentIfNull(offer.primaryImage),
  }
}

/** The winner, or undefined: optional fields without a value are omitted, not null (decision 0021). */
function toGiftWinnerResource(gift: GiftsTable) {
  if (gift.winner_selected_at === null) return undefined
  return {
    email: absentIfNull(gift.winner_email),
    username: absentIfNull(gift.winner_username),
    selectedAt: gift.winner_selected_at,
  }
}

/** Status-specific fields of a gift (contract schema `Gift`, discriminated by `status`). */
function toGiftStatusFields(gift: GiftsTable) {
  switch (gift.status) {
    case 'CHANGED_TO_GIFT_CARD':
      return { status: gift.status, giftCardId: gift.gift_card_id }
    case 'CHANGED_TO_PROMOTION':
      return { status: gift.status, promotionId: gift.promotion_id }
    case 'REDEEMED':
      return { status: gift.status, orderId: gift.order_id, orderFriendlyId: gift.order_friendly_id }
    default:
      return { status: gift.status }
  }
}

/** A gift as part of a gift purchase (contract schema `Gift`). */
export function toGiftResource(gift: GiftsTable) {
  return { id: gift.id, ...toGiftStatusFields(gift), winner: toGiftWinnerResource(gift) }
}

/**
 * A gift as part of a draw (contract schema `DrawGift`): it shows the winner only in the draw that
 * picked them (`gifts.draw_id`), with the link to redeem the gift; in an earlier draw that left the
 * gift without a winner it has none.
 */
export function toDrawGiftResource(gift: GiftsTable, drawId: string, urls: GiftUrls) {
  const winner = gift.draw_id === drawId ? toGiftWinnerResource(gift) : undefined
  return {
    id: gift.id,
    ...toGiftStatusFields(gift),
    winner: winner === undefined ? undefined : { ...winner, redeemUri: urls.redeem(gift.id) },
  }
}

/** The only place a gift purchase's wire shape is built (contract schema `GiftPurchase`). */
export function toGiftPurchaseResource(purchase: GiftPurchasesTable, gifts: GiftsTable[]) {
  const money = (minor: number) => toMoney(minor, purchase.currency)
  return {
    id: purchase.id,
    friendlyId: purchase.friendly_id,
    shopId: purchase.shop_id,
    offer: toGiftOfferResource(purchase),
    amounts: {
      subtotal: money(purchase.subtotal),
      tax: money(purchase.tax),
      total: money(purchase.total),
      profit: money(purchase.profit),
      prepaidShipping: money(purchase.prepaid_shipping),
    },
    email: purchase.email,
    username: absentIfNull(purchase.username),
    message: absentIfNull(purchase.message),
    quantity: purchase.quantity,
    gifts: gifts.map(toGiftResource),
    createdAt: purchase.created_at,
  }
}

/** The only place a draw's wire shape is built (contract schema `GiftDraw`). */
export function toGiftDrawResource(
  draw: GiftDrawsTable,
  purchase: GiftPurchasesTable,
  gifts: GiftsTable[],
  urls: GiftUrls,
) {
  return {
    id: draw.id,
    type: draw.type,
    giveawayId: purchase.id,
    giveawayFriendlyId: purchase.friendly_id,
    shopId: draw.shop_id,
    offer: toGiftOfferResource(purchase),
    amounts: {
      subtotal: toMoney(purchase.subtotal, purchase.currency),
      total: toMoney(purchase.total, purchase.currency),
    },
    email: purchase.email,
    username: absentIfNull(purchase.username),
    message: absentIfNull(purchase.message),
    gifts: gifts.map((gift) => toDrawGiftResource(gift, draw.id, urls)),
    createdAt: draw.created_at,
    durationSeconds: draw.duration_seconds,
    endsAt: draw.ends_at,
    finishedAt: draw.finished_at,
  }
}

export type GiftPurchaseResource = ReturnType<typeof toGiftPurchaseResource>
export type GiftDrawResource = ReturnType<typeof toGiftDrawResource>

/** The only place a giveaway's wire shape is built (contract schema `Giveaway`, beta). */
export function toGiveawayResource(purchase: GiftPurchasesTable, draw: GiftDrawsTable) {
  return {
    id: purchase.id,
    friendlyId: purchase.friendly_id,
    shopId: purchase.shop_id,
    offer: toGiftOfferResource(purchase),
    quantity: purchase.quantity,
    username: purchase.username,
    message: purchase.message,
    drawId: draw.id,
    durationSeconds: draw.duration_seconds,
    endsAt: draw.ends_at,
    createdAt: purchase.created_at,
  }
}

/** A giveaway's winner and the gift they won (contract schema `GiveawayWinner`). */
export interface GiveawayWin {
  userId: string
  userName: string
  giftId: string
}

/**
 * A finished giveaway (contract schema `GiveawayFinishResult`): `redeemUrl` is the first winner's
 * page, and is left out — not null — when nobody won, as the platform's clients expect.
 */
export function toGiveawayFinishResource(
  purchase: GiftPurchasesTable,
  draw: { id: string; finished_at: string },
  wins: GiveawayWin[],
  urls: GiftUrls,
) {
  const winners = wins.map((win) => ({ ...win, redeemUrl: urls.redeem(win.giftId) }))
  return {
    id: purchase.id,
    ...(winners[0] ? { redeemUrl: winners[0].redeemUrl } : {}),
    winners,
    drawId: draw.id,
    finishedAt: draw.finished_at,
  }
}

export type GiveawayResource = ReturnType<typeof toGiveawayResource>
export type GiveawayFinishResource = ReturnType<typeof toGiveawayFinishResource>
