import type { AdminRes } from '@fanshelf/contract'
import type { ShopsTable } from '../../db/schema.js'

/** The contact details the settings edit (the open API's `ContactInfo` without name, domain and location). */
export interface ShopContact {
  shopEmail: string
  contactEmail: string
  transactionalEmail: string
  customerSupportEmail: string | null
  phone: string | null
}

/** The stored contact info (JSON): the settings' part, and the rest (location) kept as it is. */
export function contactOf(shop: ShopsTable): ShopContact & Record<string, unknown> {
  const info = JSON.parse(shop.contact_info) as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  const optional = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  return {
    ...info,
    shopEmail: text(info.shopEmail),
    contactEmail: text(info.contactEmail),
    transactionalEmail: text(info.transactionalEmail),
    customerSupportEmail: optional(info.customerSupportEmail),
    phone: optional(info.phone),
  }
}

/** admin-api.yaml `AdminShopSettings`. */
export function toShopSettingsResource(shop: ShopsTable, currencyChangeable: boolean) {
  const contact = contactOf(shop)
  return {
    id: shop.id,
    name: shop.name,
    domain: shop.domain,
    publicDomain: shop.public_domain || null,
    // Stored as text; only the storefront currencies are ever saved (AdminShopSettingsRequest).
    currency: shop.currency as AdminRes<'getAdminShopSettings'>['currency'],
    currencyChangeable,
    contact: {
      shopEmail: contact.shopEmail,
      contactEmail: contact.contactEmail,
      transactionalEmail: contact.transactionalEmail,
      customerSupportEmail: contact.customerSupportEmail,
      phone: contact.phone,
    },
    branding: { accentColor: shop.accent_color ?? null },
    updatedAt: shop.updated_at,
  } satisfies AdminRes<'getAdminShopSettings'>
}
