import type { ShopsTable } from '../../db/schema.js'

export function toShopResource(shop: ShopsTable) {
  return {
    id: shop.id,
    name: shop.name,
    domain: shop.domain,
    publicDomain: shop.public_domain,
    currency: shop.currency,
  }
}

export function toContactInfoResource(shop: ShopsTable) {
  return JSON.parse(shop.contact_info) as Record<string, unknown>
}
