import type { Json } from './columns.js'

/** Platform apps (OAuth): registrations, grants, codes and tokens. */

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
  /** OPERATOR (invite-only) or DYNAMIC (an MCP client registered itself, RFC 7591; migration 0026). */
  registration?: 'OPERATOR' | 'DYNAMIC'
  /** A dynamic registration no shop approved yet is forgotten at this time (migration 0026). */
  registration_expires_at?: string | null
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
  /** The RFC 8707 resource the consent request named (migration 0026). */
  resource?: string | null
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
  /** The RFC 8707 resource the token is bound to; null: any of the API's (migration 0026). */
  resource?: string | null
  created_at: string
  expires_at: string
  /** Refresh tokens: the absolute end of the family, however often it is refreshed. */
  family_expires_at: string | null
  /** Refresh tokens: when it was exchanged (rotated); presenting it again is reuse. */
  rotated_at: string | null
  revoked_at: string | null
}
