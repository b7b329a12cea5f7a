import { createOpenApiClient, type OAuthTokens } from '@fanshelf/sdk'

const baseUrl = process.env.FANSHELF_ORIGIN ?? 'http://127.0.0.1:4000'
const clientId = process.env.FANSHELF_CLIENT_ID!
const clientSecret = process.env.FANSHELF_CLIENT_SECRET!

// 1. Back from the consent page with ?code=…: exchange the code (a public operation: no auth).
const tokens = await createOpenApiClient({ baseUrl }).exchangePlatformToken({
  body: {
    grant_type: 'authorization_code',
    code: process.env.CODE!,
    redirect_uri: 'https://app.example.com/fanshelf/callback',
    client_id: clientId,
    client_secret: clientSecret,
    code_verifier: process.env.CODE_VERIFIER!,
  },
})

// Your storage of the shop's grant: a database row per shop in a real app.
const grant = { refreshToken: tokens.refresh_token }
async function saveGrant(rotated: OAuthTokens): Promise<void> {
  grant.refreshToken = rotated.refreshToken // the previous refresh token no longer works
}

// 2. A client of the shop that consented, refreshing its own tokens.
const client = createOpenApiClient({
  baseUrl,
  auth: {
    oauth: {
      clientId,
      clientSecret,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt: Date.now() + tokens.expires_in * 1000,
      onTokens: saveGrant,
    },
  },
})

const shop = await client.getCurrentShop() // any valid token may call it, whatever its scopes
const orders = await client.listOrders({ query: { size: 5 } }) // needs order_read
console.log(`${shop.name}: ${orders.total} orders; granted: ${tokens.scope}`)
