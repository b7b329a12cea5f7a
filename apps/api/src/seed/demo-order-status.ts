import { cancelReasons } from './demo-copy.js'
import type { OrderSourceType, OrderStatus } from './demo-model.js'
import type { Prng } from './prng.js'

/** How a seeded order's status came to be: the path to it, the time between steps, the reasons. */

export const statusPaths: Record<OrderStatus, OrderStatus[]> = {
  CONFIRMED: ['CONFIRMED'],
  PARTIALLY_IN_PRODUCTION: ['CONFIRMED', 'PARTIALLY_IN_PRODUCTION'],
  IN_PRODUCTION: ['CONFIRMED', 'IN_PRODUCTION'],
  PARTIALLY_SHIPPED: ['CONFIRMED', 'IN_PRODUCTION', 'PARTIALLY_SHIPPED'],
  SHIPPED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED'],
  PARTIALLY_DELIVERED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'PARTIALLY_DELIVERED'],
  DELIVERED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED'],
  COMPLETED: ['CONFIRMED', 'IN_PRODUCTION', 'SHIPPED', 'DELIVERED', 'COMPLETED'],
  CANCELLED: ['CONFIRMED', 'CANCELLED'],
}
export const stepHours: Record<OrderStatus, [number, number]> = {
  CONFIRMED: [0, 0],
  PARTIALLY_IN_PRODUCTION: [4, 36],
  IN_PRODUCTION: [6, 48],
  PARTIALLY_SHIPPED: [24, 96],
  SHIPPED: [24, 120],
  PARTIALLY_DELIVERED: [48, 200],
  DELIVERED: [48, 240],
  COMPLETED: [72, 480],
  CANCELLED: [1, 60],
}

export const statusForAge = (p: Prng, ageDays: number, digital: boolean): OrderStatus => {
  if (digital) return ageDays < 0.02 ? 'CONFIRMED' : p.chance(0.04) ? 'CANCELLED' : 'COMPLETED'
  const table: [OrderStatus, number][] =
    ageDays < 2
      ? [
          ['CONFIRMED', 50],
          ['PARTIALLY_IN_PRODUCTION', 12],
          ['IN_PRODUCTION', 28],
          ['CANCELLED', 10],
        ]
      : ageDays < 7
        ? [
            ['CONFIRMED', 8],
            ['PARTIALLY_IN_PRODUCTION', 10],
            ['IN_PRODUCTION', 30],
            ['PARTIALLY_SHIPPED', 12],
            ['SHIPPED', 32],
            ['CANCELLED', 8],
          ]
        : ageDays < 20
          ? [
              ['IN_PRODUCTION', 5],
              ['PARTIALLY_SHIPPED', 8],
              ['SHIPPED', 35],
              ['PARTIALLY_DELIVERED', 12],
              ['DELIVERED', 35],
              ['CANCELLED', 5],
            ]
          : [
              ['SHIPPED', 3],
              ['PARTIALLY_DELIVERED', 5],
              ['DELIVERED', 40],
              ['COMPLETED', 45],
              ['CANCELLED', 7],
            ]
  return p.weighted(table)
}

export function statusReason(
  p: Prng,
  status: OrderStatus,
  source: OrderSourceType,
  carrier: string,
  tracking: string,
): string {
  switch (status) {
    case 'CONFIRMED':
      return source === 'TWITCH_GIFT_REDEMPTION'
        ? 'Twitch gift redeemed'
        : source === 'GIVEAWAY_LINKS'
          ? 'Giveaway link redeemed'
          : source === 'SAMPLES_ORDER'
            ? 'Samples ordered from the sample budget'
            : 'Order placed and paid'
    case 'PARTIALLY_IN_PRODUCTION':
      return 'Production started for part of the order'
    case 'IN_PRODUCTION':
      return 'Order in production'
    case 'PARTIALLY_SHIPPED':
      return `Part of the order shipped with ${carrier} ${tracking}`
    case 'SHIPPED':
      return `Shipped with ${carrier} ${tracking}`
    case 'PARTIALLY_DELIVERED':
      return 'Part of the order was delivered'
    case 'DELIVERED':
      return `Delivered (${carrier})`
    case 'COMPLETED':
      return 'Order completed'
    case 'CANCELLED':
      return p.pick(cancelReasons)
  }
}
