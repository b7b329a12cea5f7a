/**
 * Row types of every table, as Kysely sees them. Conventions (decision 0002): timestamps are ISO-8601
 * UTC strings with milliseconds, booleans are 0/1 integers, money is integer minor units with a
 * currency column, structured values are JSON text. The same on SQLite and PostgreSQL.
 */

export type Json = string
export type Bool = 0 | 1

export interface ShopsTable {
  id: string
  name: string
  domain: string
  public_domain: string
  currency: string
  contact_info: Json
  /** Encrypted (see secret-box.ts): the shop's webhook signing secret. */
  webhook_secret: string
  webhook_secret_previous: string | null
  webhook_secret_previous_until: string | null
  /** Migration 0020: the checkout's accent colour `#rrggbb`; null for the checkout's own (decision 0037). */
  accent_color?: string | null
  created_at: string
  updated_at: string
}

export interface AdminUsersTable {
  id: string
  shop_id: string
  email: string
  name: string
  password_hash: string
  role: 'SUPER_ADMIN' | 'STAFF'
  created_at: string
}

export interface ApiUsersTable {
  id: string
  shop_id: string
  username: string
  password_hash: string
  created_by: string | null
  created_at: string
  last_used_at: string | null
}

export interface ProductsTable {
  id: string
  shop_id: string
  name: string
  slug: string
  description: string
  type: string
  state: 'AVAILABLE' | 'SOLD_OUT'
  access: 'PUBLIC' | 'HIDDEN' | 'ARCHIVED'
  /** Lower-cased name and SKUs, for `search`. */
  search_text: string
  images: Json
  thumbnail_image: Json | null
  additional_information: Json | null
  size_guide: Json | null
  /** Migration 0012: `[{id, name, mediaType, sizeBytes, uri}]` of a digital product's files; null otherwise. */
  digital_files?: Json | null
  created_at: string
  updated_at: string
}

export interface VariantsTable {
  id: string
  product_id: string
  shop_id: string
  position: number
  name: string
  sku: string
  currency: string
  unit_price: number
  compare_at_price: number | null
  unit_cost: number | null
  /** Migration 0012: the cost the creator declares (minor units); null when not declared. */
  creator_declared_cost?: number | null
  attributes: Json
  stock_type: 'LIMITED' | 'UNLIMITED'
  in_stock: number | null
  weight: Json
  dimensions: Json
  images: Json
  thumbnail_image: Json | null
  created_at: string
  updated_at: string
}

export interface CollectionsTable {
  id: string
  shop_id: string
  name: string
  slug: string
  description: string
  position: number
  created_at: string
}

export interface CollectionProductsTable {
  collection_id: string
  product_id: string
  position: number
}

export interface OrdersTable {
  id: string
  shop_id: string
  friendly_id: string
  checkout_id: string
  promotion_id: string | null
  status: string
  email: string
  email_marketing_opt_in: Bool
  username: string | null
  message: string | null
  currency: string
  subtotal: number
  shipping: number
  tax: number
  donation: number
  discount: number
  total: number
  billing_address: Json | null
  shipping_address: Json | null
  source_type: string
  source_gift_id: string | null
  source_gift_purchase_id: string | null
  tracking_params: Json | null
  /** Migration 0012: string → string metadata (JSON) from the cart and the checkout link; null when none. */
  metadata?: Json | null
  /** What gift cards paid (migration 0010): JSON `[{giftCardId, codeLast4, amount}]`; null when none. */
  gift_cards?: Json | null
  created_at: string
  updated_at: string
}

export interface OrderLinesTable {
  id: string
  order_id: string
  shop_id: string
  position: number
  product_id: string
  variant_id: string
  quantity: number
  unit_price: number
  unit_cost: number | null
  compare_at_price: number | null
  /** Snapshot of the product at order time: {id, name, slug, description, primaryImage}. */
  product: Json
  /** Snapshot of the variant at order time: {name, sku, attributes, weight, dimensions}. */
  variant: Json
}

export interface OrderStatusChangesTable {
  id: string
  order_id: string
  shop_id: string
  status: string
  reason: string
  created_at: string
}

export interface DonationsTable {
  id: string
  shop_id: string
  status: string
  email: string
  username: string | null
  message: string | null
  currency: string
  total: number
  created_at: string
  updated_at: string
}

export interface PromotionsTable {
  id: string
  shop_id: string
  type: string
  title: string | null
  status: string
  discount: Json
  requirements: Json | null
  limits: Json | null
  applies_to: Json | null
  subscription_type: Json | null
  tiers: Json | null
  usage_count: number
  created_at: string
  updated_at: string
}

export interface PromotionCodesTable {
  id: string
  promotion_id: string
  shop_id: string
  code: string
  /** Upper-cased code: codes are unique per shop regardless of case. */
  code_key: string
  usage_count: number
  status: string
  position: number
  created_at: string
}

export interface GiftPurchasesTable {
  id: string
  shop_id: string
  friendly_id: string
  product_id: string
  offer: Json
  currency: string
  subtotal: number
  tax: number
  total: number
  profit: number
  prepaid_shipping: number
  email: string
  username: string | null
  message: string | null
  quantity: number
  created_at: string
  /**
   * `PURCHASE` (a supporter bought the gifts) or `GIVEAWAY` (the shop gives them, created through
   * the beta giveaway operations); migration 0013, default `PURCHASE`.
   */
  origin?: GiftPurchaseOrigin
}

export type GiftPurchaseOrigin = 'PURCHASE' | 'GIVEAWAY'

export interface GiftsTable {
  id: string
  shop_id: string
  gift_purchase_id: string | null
  package_id: string | null
  draw_id: string | null
  product_id: string
  status: string
  winner_email: string | null
  winner_username: string | null
  winner_selected_at: string | null
  promotion_id: string | null
  order_id: string | null
  order_friendly_id: string | null
  position: number
  created_at: string
  cancelled_at: string | null
  redeemed_at: string | null
  /** The gift card a CHANGED_TO_GIFT_CARD gift became (migration 0010). */
  gift_card_id?: string | null
}

export interface GiftDrawsTable {
  id: string
  shop_id: string
  gift_purchase_id: string
  type: 'INITIAL' | 'REDO'
  duration_seconds: number
  created_at: string
  ends_at: string
  finished_at: string | null
  /** FINISHED (winners picked by a finish call) or EXPIRED (deadline passed, no winners). */
  outcome: string | null
}

export interface GiveawayPackagesTable {
  id: string
  shop_id: string
  product_id: string
  created_at: string
}

export interface ThankYousTable {
  id: string
  shop_id: string
  media_url: string
  contribution_type: string
  contribution_id: string
  supporter_email: string
  supporter_username: string | null
  supporter_message: string | null
  created_at: string
}

export interface MembershipTiersTable {
  id: string
  shop_id: string
  name: string
  image_url: string | null
  position: number
  created_at: string
}

export interface MembershipTierVariantsTable {
  id: string
  tier_id: string
  shop_id: string
  interval: 'MONTHLY' | 'ANNUAL'
  currency: string
  amount: number
  /** Migration 0012: the offer (UUID) this tier price is sold as. */
  offer_id?: string | null
}

export interface MembersTable {
  id: string
  shop_id: string
  email: string
  nickname: string
  subscription_type: 'ACTIVE' | 'CANCELLED' | 'SUSPENDED' | 'NONE'
  variant_id: string | null
  created_at: string
  updated_at: string
}

export interface MailingListEntriesTable {
  id: string
  shop_id: string
  email: string
  created_at: string
}

export interface StreamingServicesTable {
  shop_id: string
  type: string
  status: 'ONLINE' | 'OFFLINE'
  broadcaster_id: string | null
  broadcaster_login: string | null
  thumbnail_url: string | null
  updated_at: string
}

export interface WebhookConfigurationsTable {
  id: string
  shop_id: string
  app_id: string | null
  url: string
  allowed_types: Json
  api_version: string
  enabled: Bool
  disabled_reason: string | null
  failing_since: string | null
  created_at: string
  updated_at: string
}

export interface StorefrontTokensTable {
  id: string
  shop_id: string
  /** SHA-256 of the token, for lookup. */
  token_hash: string
  /** The token itself, sealed: it is public by design and the admin shows it again. */
  token_sealed: string
  created_at: string
  revoked_at: string | null
}

/** The outbox: one row per domain event, written in the transaction of the change. */
export interface EventsTable {
  id: string
  shop_id: string
  type: string
  data: Json
  test_mode: Bool
  created_at: string
  /** Set once the event has been fanned out into webhook_events. */
  dispatched_at: string | null
}

/** One delivery of one event to one webhook configuration (the delivery log's `WebhookEvent`). */
export interface WebhookEventsTable {
  /** `weve_…`: the envelope `id`, stable across retries and replays (the receiver's dedupe key). */
  id: string
  shop_id: string
  configuration_id: string
  event_id: string
  type: string
  test_mode: Bool
  /** The exact JSON body sent on every attempt. */
  body: string
  state: 'PENDING' | 'RETRYING' | 'DELIVERED' | 'FAILED'
  attempt_count: number
  /** Attempts made before the latest replay: the retry schedule restarts from there. */
  schedule_base_attempt: number
  next_attempt_at: string | null
  lease_owner: string | null
  lease_until: string | null
  last_error: string | null
  created_at: string
  updated_at: string
}

export interface WebhookAttemptsTable {
  id: string
  webhook_event_id: string
  shop_id: string
  attempted_at: string
  status_code: number | null
  latency_ms: number
  error_class: string | null
  response_excerpt: string | null
}

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
}

/** Which gifts each draw was held for (migration 0004): a gift without a winner is in several draws over time. */
export interface GiftDrawGiftsTable {
  draw_id: string
  gift_id: string
  shop_id: string
  /** The gift's position in its purchase. */
  position: number
}

// Declaration merging: tables added by migration 0004.
export interface Database {
  gift_draw_gifts: GiftDrawGiftsTable
}

/** One shipment of order lines with its tracker (migration 0003). */
export interface FulfillmentsTable {
  /** `ful_…` */
  id: string
  shop_id: string
  order_id: string
  tracking_number: string
  tracking_company: string
  /** Carrier and tracking number, upper-cased without spaces: unique per order. */
  tracking_key: string
  tracker_state: 'LABEL_CREATED' | 'IN_TRANSIT' | 'DELIVERED'
  created_at: string
  updated_at: string
  in_transit_at: string | null
  delivered_at: string | null
}

/** The quantity of one ordered variant in a fulfilment (migration 0003). */
export interface FulfillmentItemsTable {
  fulfillment_id: string
  shop_id: string
  order_id: string
  variant_id: string
  quantity: number
}

// Declaration merging: tables added by migration 0003.
export interface Database {
  fulfillments: FulfillmentsTable
  fulfillment_items: FulfillmentItemsTable
}

/** An anonymous storefront cart (migration 0005). Expires 30 days after `updated_at`. */
export interface CartsTable {
  /** UUID. */
  id: string
  shop_id: string
  /** The currency the cart was created with: the default of later cart calls and of checkout. */
  currency: string
  /** The cart's metadata (string keys and values), copied to the order's checkout. */
  metadata: Json
  status: 'OPEN' | 'CLOSED'
  /** The order the cart became (CLOSED). */
  order_id: string | null
  created_at: string
  updated_at: string
}

/** One line of a cart: one per variant (migration 0005). */
export interface CartLinesTable {
  cart_id: string
  variant_id: string
  shop_id: string
  quantity: number
  /** Insertion order of the line. */
  position: number
  /** The last `recStrategy` an add reported for the line (analytics only). */
  rec_strategy: string | null
  created_at: string
  updated_at: string
}

/** The checkout an order came from (`orders.checkout_id`, migration 0005). */
export interface CheckoutsTable {
  /** `ch_…` */
  id: string
  shop_id: string
  /** The cart checked out; null for gift redemptions. */
  cart_id: string | null
  order_id: string
  currency: string
  /** The cart's metadata, copied here (the order's contract shape has no metadata field). */
  metadata: Json
  /** The promotion code the shopper entered, as entered. */
  promotion_code: string | null
  created_at: string
}

// Declaration merging: tables added by migration 0005.
export interface Database {
  carts: CartsTable
  cart_lines: CartLinesTable
  checkouts: CheckoutsTable
}

/** A registered platform app (migration 0006). Its id is the OAuth client id (`app_…`). */
export interface PlatformAppsTable {
  id: string
  name: string
  /** JSON array of the exact redirect URIs (compared as strings). */
  redirect_uris: Json
  /** JSON array of the scopes the app was registered with. */
  scopes: Json
  /** SHA-256 of the client secret (high-entropy, only ever checked). */
  client_secret_hash: string
  /** The webhook HMAC key, sealed (secret-box.ts): deliveries are signed with it. */
  webhook_hmac_key_sealed: string
  status: 'ACTIVE' | 'SUSPENDED'
  /** 1 unless the operator marked the app legacy: its consent requests may omit PKCE (migration 0016). */
  pkce_required: number
  created_at: string
  updated_at: string
}

/** A shop's consent to an app: the connection, and the rate-limit principal (migration 0006). */
export interface PlatformAppGrantsTable {
  /** `grt_…` */
  id: string
  app_id: string
  shop_id: string
  /** JSON array: the app's scopes when the shop consented. */
  scopes: Json
  /** The admin user who consented. */
  granted_by: string | null
  created_at: string
  updated_at: string
  revoked_at: string | null
  /** DISCONNECTED, REFRESH_TOKEN_REUSE or REVOKED_BY_APP. */
  revoked_reason: string | null
}

/** An authorization code, stored by SHA-256 (migration 0006). */
export interface PlatformAppCodesTable {
  code_hash: string
  grant_id: string
  app_id: string
  shop_id: string
  redirect_uri: string
  code_challenge: string | null
  code_challenge_method: string | null
  scopes: Json
  created_at: string
  expires_at: string
  /** Set by the one exchange that may use the code. */
  used_at: string | null
  /** The token family issued from the code (revoked when the code is replayed). */
  family_id: string | null
}

/** An access or refresh token, stored by SHA-256 (migration 0006). */
export interface PlatformAppTokensTable {
  token_hash: string
  kind: 'access' | 'refresh'
  grant_id: string
  app_id: string
  shop_id: string
  /** Tokens issued from one code and its refreshes. */
  family_id: string
  scopes: Json
  created_at: string
  expires_at: string
  /** Refresh tokens: the absolute end of the family, however often it is refreshed. */
  family_expires_at: string | null
  /** Refresh tokens: when it was exchanged (rotated); presenting it again is reuse. */
  rotated_at: string | null
  revoked_at: string | null
}

/** A merchant-admin session (migration 0006); the cookie holds the token, the row its SHA-256. */
export interface AdminSessionsTable {
  /** `ases_…`, safe to log and list. */
  id: string
  token_hash: string
  admin_user_id: string
  shop_id: string
  created_at: string
  last_seen_at: string
  /** Sliding: pushed forward by activity. */
  idle_expires_at: string
  /** Absolute: the session never outlives it. */
  expires_at: string
  revoked_at: string | null
}

/** Credential attempts counted per throttle key over a fixed window (migration 0017, decision 0030). */
export interface AuthAttemptsTable {
  /** `<kind>:<subject>`, e.g. `admin-email:ana@example.com` or `basic-address:203.0.113.9`. */
  key: string
  count: number
  /** Milliseconds since the epoch. */
  window_ends_at: number
}

// Declaration merging: tables added by migration 0006.
export interface Database {
  platform_apps: PlatformAppsTable
  platform_app_grants: PlatformAppGrantsTable
  platform_app_codes: PlatformAppCodesTable
  platform_app_tokens: PlatformAppTokensTable
  admin_sessions: AdminSessionsTable
  auth_attempts: AuthAttemptsTable
}

/** A one-time admin link (migration 0018, decision 0035): set password, invitation or reset. */
export interface AdminLinksTable {
  /** `alnk_…`, safe to log. */
  id: string
  /** SHA-256 of the link's token: the token itself is never stored. */
  token_hash: string
  purpose: 'SET_PASSWORD' | 'INVITATION' | 'PASSWORD_RESET'
  shop_id: string
  admin_user_id: string
  /** The address the link was issued to (the admin's email then). */
  email: string
  /** The super-admin who invited (`adm_…`); null for the CLI and for resets. */
  created_by: string | null
  created_at: string
  expires_at: string
  used_at: string | null
}

export interface Database {
  admin_links: AdminLinksTable
}

/** An uploaded file (migration 0019, decision 0036): an image of the shop's media library. */
export interface MediaFilesTable {
  /** A UUID: the file's name in `/media/files/<id>.<ext>`; its content never changes. */
  id: string
  shop_id: string
  /** What the uploader called it (the file name without its folder), for the library's search. */
  name: string
  /** Decided from the content: image/jpeg, image/png, image/webp, image/gif, image/avif, image/svg+xml. */
  media_type: string
  width: number
  height: number
  size_bytes: number
  /** Hex SHA-256 of the stored bytes. */
  sha256: string
  /** Where the bytes are: `media_blobs` or the S3-compatible bucket (key = MEDIA_S3_URL's prefix + id). */
  storage: 'DATABASE' | 'S3'
  /** The admin who uploaded it (`adm_…`); null for the demo seed. */
  created_by: string | null
  created_at: string
}

/** Bytes stored in the database: of a `media_files` row or a `digital_files` row, by its id. */
export interface MediaBlobsTable {
  key: string
  content: Buffer
}

export interface Database {
  media_files: MediaFilesTable
  media_blobs: MediaBlobsTable
}

/** A shop's gift card (migration 0010, decision 0022). Amounts in minor units of `currency`. */
export interface GiftCardsTable {
  /** `gcrd_…` */
  id: string
  shop_id: string
  /** SHA-256 (hex) of the normalised code: upper case, letters and digits only. */
  code_hash: string
  code_last4: string
  currency: string
  initial_balance: number
  balance: number
  /** `ISSUED` (admin or CLI) or `GIFT` (a Twitch gift changed to a gift card). */
  source_type: string
  source_gift_id: string | null
  /** Who issued it: the admin's email, `cli`, or null for seeded and gift cards. */
  issued_by: string | null
  created_at: string
  updated_at: string
}

// Declaration merging: tables added by migration 0010.
export interface Database {
  gift_cards: GiftCardsTable
}

/**
 * A file of a digital product (migration 0012, decision 0024), served only to its buyers
 * (`order_downloads`). The content is base64 text: small files, identical on SQLite and PostgreSQL.
 */
export interface DigitalFilesTable {
  /** `dfl_…` */
  id: string
  shop_id: string
  product_id: string
  position: number
  name: string
  media_type: string
  size_bytes: number
  /** Hex SHA-256 of the content: the download's ETag. */
  sha256: string
  /** Empty since migration 0021: the bytes are in the media storage (`storage`), keyed by `id`. */
  content_base64: string
  /** Where the bytes are (decision 0036): `media_blobs` or the S3-compatible bucket. */
  storage: 'DATABASE' | 'S3'
  created_at: string
}

/** A buyer's access to the digital files of an order (migration 0012, decision 0024). */
export interface OrderDownloadsTable {
  /** `odl_…` */
  id: string
  shop_id: string
  order_id: string
  /** SHA-256 of the download token, for lookup. */
  token_hash: string
  /** The token, sealed: the order's confirmation page shows the links again. */
  token_sealed: string
  /** A creator-given file URL (`PUT /order/{orderId}/downloaded` with `defaultFileUrl`); null: the product's files. */
  url: string | null
  download_count: number
  created_at: string
  /** When the buyer first downloaded (or the shop marked the download done). */
  downloaded_at: string | null
}

// Declaration merging: tables added by migration 0012. The columns it adds to existing tables
// (`variants.creator_declared_cost`, `products.digital_files`, `orders.metadata`,
// `membership_tier_variants.offer_id`) are optional in the row types above: writers that predate
// them leave them null.
export interface Database {
  digital_files: DigitalFilesTable
  order_downloads: OrderDownloadsTable
}

/** One credential, webhook or app change made in the merchant admin (migration 0014, decision 0027). */
export interface AdminAuditLogTable {
  /** `aud_…`, time-ordered. */
  id: string
  shop_id: string
  admin_user_id: string
  admin_email: string
  /** An audited action of the admin role matrix (admin-permissions.ts), e.g. `webhookSecret.rotate`. */
  action: string
  /** What it acted on: an API user, token, webhook configuration or app id, or the shop's id. Never a secret. */
  target_id: string
  /** Migration 0020: JSON array of the setting names a `shopSettings.update` changed; null otherwise. */
  changed_fields?: Json | null
  created_at: string
}

// Declaration merging: tables added by migration 0014.
export interface Database {
  admin_audit_log: AdminAuditLogTable
}
