/** Who is calling: resolved from the operation's security requirements before validation. */
export type Principal =
  | { kind: 'apiUser'; shopId: string; apiUserId: string; rateKey: string }
  | {
      kind: 'platformApp'
      shopId: string
      appId: string
      grantId: string
      scopes: ReadonlySet<string>
      /** The RFC 8707 resource the token is bound to (absent: none). */
      resource?: string
      rateKey: string
    }
  | { kind: 'storefront'; shopId: string; tokenId: string }
  | { kind: 'anonymous' }

export type ShopPrincipal = Exclude<Principal, { kind: 'anonymous' }>

export interface BearerGrant {
  shopId: string
  appId: string
  grantId: string
  scopes: ReadonlySet<string>
  /** The RFC 8707 resource the token is bound to (absent: none, accepted by every resource). */
  resource?: string
}

/** The credential checks the security layer delegates to; each module provides its own. */
export interface Authenticators {
  /** HTTP Basic: throttled per API user and per client address (decision 0030). */
  basic(
    username: string,
    password: string,
    clientAddress: string,
  ): Promise<
    | { outcome: 'ok'; shopId: string; apiUserId: string }
    | { outcome: 'wrong' }
    | { outcome: 'throttled'; retryAfterSeconds: number }
  >
  bearer(token: string): Promise<BearerGrant | undefined>
  storefrontToken(token: string): Promise<{ shopId: string; tokenId: string } | undefined>
}
