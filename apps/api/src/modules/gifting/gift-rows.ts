import type { GiftsTable } from '../../db/schema.js'
import { newId } from '../../ids.js'

/** The `quantity` gifts of a new gift purchase or giveaway: every one AVAILABLE, in draw order. */
export function newAvailableGifts(purchase: {
  shopId: string
  purchaseId: string
  productId: string
  quantity: number
  createdAt: string
}): GiftsTable[] {
  return Array.from({ length: purchase.quantity }, (_, position) => ({
    id: newId('gift'),
    shop_id: purchase.shopId,
    gift_purchase_id: purchase.purchaseId,
    package_id: null,
    draw_id: null,
    product_id: purchase.productId,
    status: 'AVAILABLE',
    winner_email: null,
    winner_username: null,
    winner_selected_at: null,
    promotion_id: null,
    order_id: null,
    order_friendly_id: null,
    position,
    created_at: purchase.createdAt,
    cancelled_at: null,
    redeemed_at: null,
  }))
}
