import type { ProductKind } from './demo-catalog.js'
import type { giftStatuses } from './demo-model.js'
import type { Prng } from './prng.js'

/**
 * The seed's fixed copy and scenarios, as data: product information, messages, carriers, and the
 * gift and giveaway scenarios every status of which the demo shows.
 */

type GiftStatus = (typeof giftStatuses)[number]

export const apparelInfo = {
  sizeAndFit: 'Unisex relaxed fit. Model is 183 cm and wears size M. Size up for an oversized look.',
  guaranteeAndReturns: 'Free returns within 30 days of delivery; misprints are replaced at no cost.',
}

export const sizeGuideCopy: Partial<Record<ProductKind, { description: string; fit: string }>> = {
  tee: {
    description: 'Garment measurements laid flat, in centimetres.',
    fit: 'True to size; size up for a boxy look.',
  },
  longsleeve: { description: 'Garment measurements laid flat, in centimetres.', fit: 'True to size.' },
  hoodie: {
    description: 'Garment measurements laid flat, in centimetres.',
    fit: 'Relaxed fit; size down for a snug one.',
  },
  sweater: { description: 'Garment measurements laid flat, in centimetres.', fit: 'Roomy; size down for a close fit.' },
  socks: { description: 'Shoe sizes per sock size (EU and US).', fit: 'Between sizes? Take the larger one.' },
  mittens: { description: 'Hand circumference per size, in centimetres.', fit: 'Snug when new; the wool relaxes.' },
}

export const orderMessages = [
  'Love the new drop!',
  'Happy 3rd streamiversary!',
  'For my little brother, he watches every stream.',
  'Pip forever.',
  'Thanks for the cozy vibes during exams.',
  'Can’t wait to wear this on stream night!',
  'Greetings from chat!',
  'Gift for my partner — please don’t include the receipt.',
]
export const donationMessages = [
  'Keep the streams coming!',
  'For the snack fund.',
  'Thanks for the chill Sunday stream.',
  'Put this toward a new mic!',
  'Happy birthday!',
  'You got me through a rough week.',
  'Raid squad represent!',
]
export const giftMessages = ['Gifts for chat!', 'Someone in chat deserves this.', 'Cozy merch for the Pinecones!', null]
export const cancelReasons = [
  'Cancelled at the customer’s request',
  'Payment was refunded',
  'Shipping address could not be verified',
]
export const carriers = [
  {
    name: 'UPS',
    tracking: (p: Prng) =>
      `1Z${p
        .token(16)
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '7')}`,
  },
  { name: 'USPS', tracking: (p: Prng) => `9400${String(p.int(1e8, 1e9 - 1))}${String(p.int(1e8, 1e9 - 1))}` },
  { name: 'DHL', tracking: (p: Prng) => `JD${String(p.int(1e8, 1e9 - 1))}${String(p.int(1e8, 1e9 - 1))}` },
]

export interface GiftScenario {
  ageDays: number
  quantity: number
  draws: { type: 'INITIAL' | 'REDO'; outcome: 'FINISHED' | 'EXPIRED'; winners: number }[]
  gifts: GiftStatus[]
}

/** Gift purchases: every gift status, draws that finish and expire, and one REDO draw. */
export const giftScenarios: GiftScenario[] = [
  {
    ageDays: 82,
    quantity: 3,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 3 }],
    gifts: ['REDEEMED', 'REDEEMED', 'AVAILABLE'],
  },
  {
    ageDays: 64,
    quantity: 2,
    draws: [
      { type: 'INITIAL', outcome: 'EXPIRED', winners: 0 },
      { type: 'REDO', outcome: 'FINISHED', winners: 2 },
    ],
    gifts: ['REDEEMED', 'CHANGED_TO_PROMOTION'],
  },
  {
    ageDays: 47,
    quantity: 5,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 3 }],
    gifts: ['REDEEMED', 'AVAILABLE', 'CHANGED_TO_PROMOTION', 'AVAILABLE', 'CANCELLED'],
  },
  {
    ageDays: 33,
    quantity: 1,
    draws: [{ type: 'INITIAL', outcome: 'EXPIRED', winners: 0 }],
    gifts: ['CANCELLED'],
  },
  {
    ageDays: 19,
    quantity: 2,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 2 }],
    gifts: ['REDEEMED', 'REDEEMED'],
  },
  {
    ageDays: 4,
    quantity: 1,
    draws: [{ type: 'INITIAL', outcome: 'FINISHED', winners: 1 }],
    gifts: ['AVAILABLE'],
  },
]

/** Giveaway link packages: links in every status. */
export const packageScenarios: { ageDays: number; links: ('AVAILABLE' | 'CANCELLED' | 'REDEEMED')[] }[] = [
  { ageDays: 71, links: ['REDEEMED', 'REDEEMED', 'AVAILABLE', 'AVAILABLE', 'CANCELLED'] },
  {
    ageDays: 36,
    links: ['REDEEMED', 'REDEEMED', 'REDEEMED', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'CANCELLED'],
  },
  { ageDays: 8, links: ['AVAILABLE', 'AVAILABLE', 'AVAILABLE', 'AVAILABLE'] },
  { ageDays: 26, links: ['REDEEMED', 'AVAILABLE', 'CANCELLED'] },
]

export const giftableKinds = new Set<ProductKind>([
  'tee',
  'hoodie',
  'sweater',
  'mug',
  'plush',
  'beanie',
  'cap',
  'scarf',
  'tote',
])
