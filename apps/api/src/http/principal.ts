/** Who is calling: resolved from the operation's security requirements before validation. */
export type Principal =
  | { kind: 'apiUser'; shopId: string; apiUserId: string; rateKey: string }
  | {
      kind: 'platformApp'
      shopId: string
      appId: string
      grantId: string
      scopes: ReadonlySet<string>
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
}

/** The credential checks the security layer delegates to; each module provides its own. */
export interface Authenticators {
  basic(username: string, password: string): Promise<{ shopId: string; apiUserId: string } | undefined>
  bearer(token: string): Promise<BearerGrant | undefined>
  storefrontToken(token: string): Promise<{ shopId: string; tokenId: string } | undefined>
}
