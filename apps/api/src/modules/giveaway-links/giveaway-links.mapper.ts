import type { GiftsTable, GiveawayPackagesTable } from '../../db/schema.js'
import type { GiftUrls } from '../gifting/gift-urls.js'

/** A package in the list, without its links (contract schema `GiveawayLinkPackageSummary`). */
export function toGiveawayPackageSummaryResource(pkg: GiveawayPackagesTable) {
  return { packageId: pkg.id, createdAt: pkg.created_at }
}

/** `cancelledAt` appears only on a cancelled link, `redeemedAt` only on a redeemed one. */
function toLinkStatusFields(gift: GiftsTable) {
  if (gift.status === 'CANCELLED' && gift.cancelled_at !== null) return { cancelledAt: gift.cancelled_at }
  if (gift.status === 'REDEEMED' && gift.redeemed_at !== null) return { redeemedAt: gift.redeemed_at }
  return {}
}

/** The only place a giveaway link's wire shape is built (contract schema `GiveawayLink`). */
export function toGiveawayLinkResource(gift: GiftsTable, urls: GiftUrls) {
  return {
    id: gift.id,
    status: gift.status,
    link: urls.link(gift.id),
    productId: gift.product_id,
    createdAt: gift.created_at,
    ...toLinkStatusFields(gift),
  }
}

/** Contract schema `GiveawayLinkPackage`. */
export function toGiveawayPackageResource(pkg: GiveawayPackagesTable, links: GiftsTable[], urls: GiftUrls) {
  return { packageId: pkg.id, giveawayLinks: links.map((link) => toGiveawayLinkResource(link, urls)) }
}

/** Contract schema `GiveawayLinkPackageList`: every package, not paged (the platform's shape). */
export function toGiveawayPackageListResource(packages: GiveawayPackagesTable[]) {
  return { packages: packages.map(toGiveawayPackageSummaryResource) }
}
