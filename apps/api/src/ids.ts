import { randomBytes, randomFillSync, randomUUID } from 'node:crypto'

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

/**
 * Request ids' randomness, drawn 256 ids at a time (as `randomUUID` does for its own): one
 * `getrandom` call per id cost ~3% of a cheap request's CPU. Ids are not secrets; they only must
 * not repeat. Bound: one 3 KB buffer.
 */
const requestIdBytes = 12
const requestIdPool = Buffer.alloc(requestIdBytes * 256)
let requestIdOffset = requestIdPool.length

export function newRequestId(): string {
  if (requestIdOffset === requestIdPool.length) {
    randomFillSync(requestIdPool)
    requestIdOffset = 0
  }
  const id = requestIdPool.toString('base64url', requestIdOffset, requestIdOffset + requestIdBytes)
  requestIdOffset += requestIdBytes
  return `req_${id}`
}

const friendlyAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Order and gift-purchase friendly ids: 8 upper-case letters and digits, no look-alikes. */
export function newFriendlyId(random: () => number = () => randomBytes(1)[0]! / 256): string {
  let out = ''
  for (let i = 0; i < 8; i++) out += friendlyAlphabet[Math.floor(random() * friendlyAlphabet.length)]
  return out
}
