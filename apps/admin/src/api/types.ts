import type { AdminBody, AdminRes, AdminSchema, Schema } from '@fanshelf/contract'

/**
 * Wire shapes, none written by hand: the contract's (`Schema<…>`, openapi/open-api.yaml) and the
 * admin backend's own (`AdminSchema<…>`, `AdminRes<…>`: apps/api/src/modules/admin/admin-api.yaml),
 * generated into packages/contract. A field renamed there is a type error here.
 */

export type Product = Schema<'Product'>
export type Variant = Schema<'Variant'>
export type Image = Schema<'Image'>
export type Money = Schema<'Money'>
export type Order = Schema<'Order'>
export type Address = Schema<'Address'>
export type MembershipTier = Schema<'MembershipTier'>
export type WebhookConfiguration = Schema<'WebhookConfiguration'>
export type WebhookEventSummary = Schema<'WebhookEventSummary'>
export type WebhookEvent = Schema<'WebhookEvent'>
export type WebhookDeliveryAttempt = Schema<'WebhookDeliveryAttempt'>

/** A promotion with the status actions its status allows (`getAdminPromotion`). */
export type Promotion = AdminSchema<'AdminPromotion'>
export type PromotionAction = AdminSchema<'AdminPromotionAction'>

/** A gift card as the admin backend answers it; `code` only in the answer that issued it. */
export type GiftCard = AdminSchema<'AdminGiftCard'>

/** A page of `T`: the paging fields every paged answer shares. */
export type Page<T> = Schema<'PageMeta'> & { results: T[] }

export type Role = AdminSchema<'AdminRole'>

/** An action of the admin role matrix. */
export type AdminAction = AdminSchema<'AdminAction'>

/** The signed-in admin (`getAdminSession`, `signInAdmin`). */
export type Session = AdminRes<'getAdminSession'>

export type AuditEntry = AdminSchema<'AdminAuditEntry'>

export type ShopContact = AdminSchema<'AdminShopContact'>

export type ShopSettings = AdminRes<'getAdminShopSettings'>

export type Shop = AdminRes<'getAdminShop'>

export type ApiUser = AdminSchema<'AdminApiUser'>

export type CreatedApiUser = AdminRes<'createAdminApiUser'>

export type StorefrontTokenState = AdminRes<'getAdminStorefrontToken'>

export type WebhookSecret = AdminRes<'revealAdminWebhookSecret'>

export type PlatformAppConnection = AdminSchema<'AdminPlatformAppConnection'>

/**
 * An image of the shop's media library (`listAdminMedia`, and the answer of `uploadAdminMedia`).
 * Its `Image` fields are what a product stores.
 */
export type LibraryImage = AdminSchema<'AdminLibraryImage'>

/** Newest first. */
export type LibraryImagePage = AdminRes<'listAdminMedia'>

/** What the server found an uploaded file to be, from its bytes. */
export type LibraryImageType = LibraryImage['mediaType']

export type Fulfillment = AdminSchema<'AdminFulfillment'>

export type OrderDetail = AdminRes<'getAdminOrderDetail'>

/** One of the shop's admins (`listAdminPeople`). */
export type Person = AdminSchema<'AdminPerson'>

/** A person just invited, with their one-time link (`inviteAdminPerson`). */
export type Invitation = AdminRes<'inviteAdminPerson'>

/** What inviting someone sends (`inviteAdminPerson`). */
export type NewPerson = AdminBody<'inviteAdminPerson'>
