import type { ShopsTable } from '../../db/schema.js'
import { toAddressResource } from '../../http/optional-fields.js'

export function toShopResource(shop: ShopsTable) {
  return {
    id: shop.id,
    name: shop.name,
    domain: shop.domain,
    // No custom domain is stored as '' (the column is NOT NULL); the contract says null.
    publicDomain: shop.public_domain || null,
    currency: shop.currency,
  }
}

export function toContactInfoResource(shop: ShopsTable) {
  const info = JSON.parse(shop.contact_info) as Record<string, unknown>
  // `location` is an `Address`, whose optional lines are omitted, not null (decision 0021).
  return info.location ? { ...info, location: toAddressResource(info.location) } : info
}
