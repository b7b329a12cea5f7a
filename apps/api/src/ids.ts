import { randomBytes, randomUUID } from 'node:crypto'

/**
 * Identifiers (decision 0004): prefixed, url-safe random strings where the platform uses prefixes,
 * UUIDs for orders, products, variants and carts.
 */
export const idPrefixes = {
  shop: 'sh_',
  collection: 'col_',
  donation: 'don_',
  promotion: 'prm_',
  promotionCode: 'prc_',
  giftPurchase: 'giv_',
  gift: 'gft_',
  draw: 'gdr_',
  giftCard: 'gcrd_',
  thankYou: 'ty_',
  webhookConfiguration: 'wcon_',
  webhookEvent: 'weve_',
  event: 'evt_',
  giveawayPackage: 'gpg_',
  storefrontToken: 'ptkn_',
  fulfillment: 'ful_',
  tier: 'mt_',
  tierVariant: 'mtv_',
  mailingListEntry: 'mle_',
  checkout: 'ch_',
  apiUser: 'apiu_',
  adminUser: 'adm_',
  statusChange: 'osc_',
  orderLine: 'oln_',
  digitalFile: 'dfl_',
  orderDownload: 'odl_',
} as const

export type IdKind = keyof typeof idPrefixes

/** 22 url-safe base64 characters = 132 bits of randomness, as the platform's ids. */
export function newId(kind: IdKind): string {
  return idPrefixes[kind] + randomBytes(16).toString('base64url').slice(0, 22)
}

export function newUuid(): string {
  return randomUUID()
}

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('base64url')}`
}

const friendlyAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Order and gift-purchase friendly ids: 8 upper-case letters and digits, no look-alikes. */
export function newFriendlyId(random: () => number = () => randomBytes(1)[0]! / 256): string {
  let out = ''
  for (let i = 0; i < 8; i++) out += friendlyAlphabet[Math.floor(random() * friendlyAlphabet.length)]
  return out
}
