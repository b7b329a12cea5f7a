import type { Json } from './columns.js'

/** Shops and who acts for them: admins and their sessions, links and audit log, API users, storefront tokens, credential throttling. */

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
