import type { AdminAction, LibraryImageType } from 'virtual:fanshelf-contract'
import type { OpenApiSchemas } from '@fanshelf/sdk'

/** Wire shapes: the contract's (through the SDK's generated types) and the admin backend's own. */

export type Product = OpenApiSchemas['Product']
export type Variant = OpenApiSchemas['Variant']
export type Image = OpenApiSchemas['Image']
export type Money = OpenApiSchemas['Money']
export type Order = OpenApiSchemas['Order']
export type Address = OpenApiSchemas['Address']
export type Promotion = OpenApiSchemas['Promotion'] & { allowedActions: PromotionAction[] }
export type PromotionAction = 'end' | 'resume' | 'archive'
export type MembershipTier = OpenApiSchemas['MembershipTier']
export type WebhookConfiguration = OpenApiSchemas['WebhookConfiguration']
export type WebhookEventSummary = OpenApiSchemas['WebhookEventSummary']
export type WebhookEvent = OpenApiSchemas['WebhookEvent']
export type WebhookDeliveryAttempt = OpenApiSchemas['WebhookDeliveryAttempt']

/** A gift card as the admin backend answers it; `code` only in the answer that issued it. */
export interface GiftCard {
  id: string
  code?: string
  maskedCode: string
  initialBalance: Money
  balance: Money
  status: 'ACTIVE' | 'SPENT'
  source: { type: 'ISSUED' } | { type: 'GIFT'; giftId: string }
  issuedBy: string | null
  createdAt: string
  updatedAt: string
}

export interface Page<T> {
  results: T[]
  total: number
  page: number
  size: number
  totalPages: number
}

export type Role = 'SUPER_ADMIN' | 'STAFF'

export type { AdminAction }

/** admin-api.yaml `AdminSession`. */
export interface Session {
  user: { id: string; email: string; name: string; role: Role }
  shop: { id: string; name: string; domain: string }
  /** What the signed-in role may do (the server's role matrix); the SPA shows nothing else. */
  permissions: AdminAction[]
  csrfToken: string
  expiresAt: string
}

/** admin-api.yaml `AdminAuditEntry`. */
export interface AuditEntry {
  id: string
  action: AdminAction
  description: string
  actor: { adminUserId: string; email: string }
  targetId: string
  /** `shopSettings.update` only: the names of the settings that changed. */
  changedFields?: string[]
  createdAt: string
}

/** admin-api.yaml `AdminShopContact`. */
export interface ShopContact {
  shopEmail: string
  contactEmail: string
  transactionalEmail: string
  customerSupportEmail: string | null
  phone: string | null
}

/** admin-api.yaml `AdminShopSettings`. */
export interface ShopSettings {
  id: string
  name: string
  domain: string
  publicDomain: string | null
  currency: string
  currencyChangeable: boolean
  contact: ShopContact
  branding: { accentColor: string | null }
  updatedAt: string
}

export interface Shop {
  id: string
  name: string
  domain: string
  currency: string
}

export interface ApiUser {
  id: string
  username: string
  createdBy: string | null
  createdAt: string
  lastUsedAt: string | null
}

export interface CreatedApiUser {
  id: string
  username: string
  password: string
  createdAt: string
}

export interface StorefrontTokenState {
  token: { id: string; value: string; createdAt: string } | null
}

export interface WebhookSecret {
  secret: string
  previousSecretExpiresAt: string | null
}

export interface PlatformAppConnection {
  appId: string
  name: string
  scopes: { scope: string; description: string }[]
  connectedAt: string
  consentedAt: string
  consentedBy: string | null
}

/**
 * admin-api.yaml `AdminLibraryImage`: an image of the shop's media library (`listAdminMedia`, and
 * the answer of `uploadAdminMedia`). Its `Image` fields are what a product stores.
 */
export interface LibraryImage extends Image {
  /** The uploaded file's name (shown, searched, and the thumbnail's alt text). */
  name: string
  /** What the server found the file to be, from its bytes. */
  mediaType: LibraryImageType
  sizeBytes: number
  createdAt: string
}

/** admin-api.yaml `AdminLibraryImagePage`: newest first. */
export type LibraryImagePage = Page<LibraryImage>

export interface Fulfillment {
  id: string
  orderId: string
  items: { variantId: string; quantity: number }[]
  shippingLabel: { trackingNumber: string; trackingCompany: string }
  tracker: {
    state: 'LABEL_CREATED' | 'IN_TRANSIT' | 'DELIVERED'
    inTransitAt: string | null
    deliveredAt: string | null
  }
  createdAt: string
  updatedAt: string
}

export interface OrderDetail {
  order: Order
  fulfillments: Fulfillment[]
  statusHistory: { status: string; reason: string; at: string }[]
  fulfillable: {
    variantId: string
    name: string
    sku: string
    quantity: number
    fulfilled: number
    remaining: number
  }[]
  actions: { canCancel: boolean; canComplete: boolean; canFulfill: boolean }
}
