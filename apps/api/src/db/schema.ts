import type {
  CollectionProductsTable,
  CollectionsTable,
  DigitalFilesTable,
  MediaBlobsTable,
  MediaFilesTable,
  ProductsTable,
  VariantsTable,
} from './schema/catalog.js'
import type {
  DonationsTable,
  MailingListEntriesTable,
  MembershipTiersTable,
  MembershipTierVariantsTable,
  MembersTable,
  StreamingServicesTable,
  ThankYousTable,
} from './schema/community.js'
import type {
  GiftDrawGiftsTable,
  GiftDrawsTable,
  GiftPurchasesTable,
  GiftsTable,
  GiveawayPackagesTable,
} from './schema/gifts.js'
import type {
  CartLinesTable,
  CartsTable,
  CheckoutsTable,
  FulfillmentItemsTable,
  FulfillmentsTable,
  OrderDownloadsTable,
  OrderLinesTable,
  OrderStatusChangesTable,
  OrdersTable,
} from './schema/orders.js'
import type {
  PlatformAppCodesTable,
  PlatformAppGrantsTable,
  PlatformAppsTable,
  PlatformAppTokensTable,
} from './schema/platform-apps.js'
import type { GiftCardsTable, PromotionCodesTable, PromotionsTable } from './schema/promotions.js'
import type {
  AdminAuditLogTable,
  AdminLinksTable,
  AdminSessionsTable,
  AdminUsersTable,
  ApiUsersTable,
  AuthAttemptsTable,
  ShopsTable,
  StorefrontTokensTable,
} from './schema/shops.js'
import type {
  EventsTable,
  WebhookAttemptsTable,
  WebhookConfigurationsTable,
  WebhookEventsTable,
} from './schema/webhooks.js'

export type * from './schema/catalog.js'
export type * from './schema/columns.js'
export type * from './schema/community.js'
export type * from './schema/gifts.js'
export type * from './schema/orders.js'
export type * from './schema/platform-apps.js'
export type * from './schema/promotions.js'
export type * from './schema/shops.js'
export type * from './schema/webhooks.js'

/**
 * Row types of every table, as Kysely sees them. Conventions (decision 0002): timestamps are ISO-8601
 * UTC strings with milliseconds, booleans are 0/1 integers, money is integer minor units with a
 * currency column, structured values are JSON text. The same on SQLite and PostgreSQL.
 *
 * The row types live per area in db/schema/*.ts; this file maps table names to them.
 */
export interface Database {
  shops: ShopsTable
  admin_users: AdminUsersTable
  api_users: ApiUsersTable
  products: ProductsTable
  variants: VariantsTable
  collections: CollectionsTable
  collection_products: CollectionProductsTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  order_status_changes: OrderStatusChangesTable
  donations: DonationsTable
  promotions: PromotionsTable
  promotion_codes: PromotionCodesTable
  gift_purchases: GiftPurchasesTable
  gifts: GiftsTable
  gift_draws: GiftDrawsTable
  giveaway_packages: GiveawayPackagesTable
  thank_yous: ThankYousTable
  membership_tiers: MembershipTiersTable
  membership_tier_variants: MembershipTierVariantsTable
  members: MembersTable
  mailing_list_entries: MailingListEntriesTable
  streaming_services: StreamingServicesTable
  webhook_configurations: WebhookConfigurationsTable
  events: EventsTable
  storefront_tokens: StorefrontTokensTable
  webhook_events: WebhookEventsTable
  webhook_attempts: WebhookAttemptsTable

  // Tables added by migration 0004.
  gift_draw_gifts: GiftDrawGiftsTable

  // Tables added by migration 0003.
  fulfillments: FulfillmentsTable
  fulfillment_items: FulfillmentItemsTable

  // Tables added by migration 0005.
  carts: CartsTable
  cart_lines: CartLinesTable
  checkouts: CheckoutsTable

  // Tables added by migration 0006.
  platform_apps: PlatformAppsTable
  platform_app_grants: PlatformAppGrantsTable
  platform_app_codes: PlatformAppCodesTable
  platform_app_tokens: PlatformAppTokensTable
  admin_sessions: AdminSessionsTable
  auth_attempts: AuthAttemptsTable

  // Migration 0018.
  admin_links: AdminLinksTable

  // Migration 0019.
  media_files: MediaFilesTable
  media_blobs: MediaBlobsTable

  // Tables added by migration 0010.
  gift_cards: GiftCardsTable

  // Tables added by migration 0012. The columns it adds to existing tables
  // (`variants.creator_declared_cost`, `products.digital_files`, `orders.metadata`,
  // `membership_tier_variants.offer_id`) are optional in their row types: writers that predate
  // them leave them null.
  digital_files: DigitalFilesTable
  order_downloads: OrderDownloadsTable

  // Tables added by migration 0014.
  admin_audit_log: AdminAuditLogTable
}
