import { randomBytes } from 'node:crypto'
import type {
  AdminUsersTable,
  ApiUsersTable,
  GiftCardsTable,
  PlatformAppGrantsTable,
  PlatformAppsTable,
  StorefrontTokensTable,
} from '../db/schema.js'
import { newGiftCardRecord } from '../modules/gift-cards/gift-cards.service.js'
import { formatMoney } from '../modules/money/money.js'
import { newPlatformAppRecord } from '../modules/platform-apps/platform-apps.service.js'
import { newGrantRecord } from '../modules/platform-apps/platform-grants.service.js'
import { redirectUriProblem } from '../modules/platform-apps/redirect-uris.js'
import { generateSecret, hashPasswordBlocking } from '../security/passwords.js'
import { type SecretBox, tokenHash } from '../security/secret-box.js'
import { demoShopSpec } from './demo-catalog.js'
import type { DemoPlatformAppCredentials, DemoShopCredentials } from './demo-credentials.js'
import type { ShopData } from './demo-data.js'

/**
 * The random part of the seed: each shop's real credentials (API user, admins, storefront token,
 * webhook signing secret, gift cards, the demo platform app) and the rows that store them.
 */

/** Gift cards seeded per shop, in minor units of its currency: one that pays a whole demo order, one that pays part. */
const demoGiftCardAmounts: Readonly<Record<string, readonly number[]>> = { [demoShopSpec.key]: [2500, 1001] }

/**
 * The demo shop's connected platform app: what the guides' OAuth samples and the reference's
 * try-it console use on a local install (`GET /admin/api/demo-credentials` hands out fresh codes
 * for it). Its scopes are the guides' (order reads, fulfilments, webhooks, giveaways from a bot).
 */
export const demoPlatformApp = {
  name: 'Fanshelf demo app',
  scopes: ['order_read', 'fulfillment_write', 'webhook_read', 'webhook_write', 'giveaway_write'],
} as const

const usernameAlphabet = 'abcdefghijkmnpqrstuvwxyz23456789'

function randomSuffix(length: number): string {
  return Array.from(randomBytes(length), (b) => usernameAlphabet[b % usernameAlphabet.length]).join('')
}

export interface ShopSecrets {
  credentials: DemoShopCredentials
  webhookSecret: string
  adminUsers: AdminUsersTable[]
  apiUser: ApiUsersTable
  storefrontToken: StorefrontTokensTable
  giftCards: GiftCardsTable[]
  platformApp?: { app: PlatformAppsTable; grant: PlatformAppGrantsTable }
}

/** The demo app registered and connected by the shop's super-admin, with its credentials (shown once). */
function makeDemoPlatformApp(data: ShopData, secretBox: SecretBox, publicUrl: string) {
  const redirectUri = `${publicUrl.replace(/\/$/, '')}/`
  // Plain http on a public host cannot be a redirect URI (codes would travel in the clear): no demo app.
  if (data.spec.key !== demoShopSpec.key || redirectUriProblem(redirectUri) !== undefined) return undefined
  const now = Date.parse(data.identity.createdAt)
  const { row, registered } = newPlatformAppRecord(
    { name: demoPlatformApp.name, redirectUris: [redirectUri], scopes: [...demoPlatformApp.scopes] },
    { secretBox, now },
  )
  const grant = newGrantRecord({
    appId: row.id,
    shopId: data.shop.id,
    scopes: registered.scopes,
    grantedBy: data.identity.ownerAdminId,
    now,
  })
  const credentials: DemoPlatformAppCredentials = {
    name: registered.name,
    clientId: registered.clientId,
    clientSecret: registered.clientSecret,
    redirectUri,
    scopes: registered.scopes,
  }
  return { rows: { app: row, grant }, credentials }
}

export async function makeSecrets(data: ShopData, secretBox: SecretBox, publicUrl: string): Promise<ShopSecrets> {
  const { spec, identity, shop } = data
  const apiPassword = generateSecret()
  const ownerPassword = generateSecret()
  const staffPassword = generateSecret()
  const username = `${spec.apiUserStem}-${randomSuffix(6)}`
  const token = generateSecret('ptkn_')
  const giftCards = (demoGiftCardAmounts[spec.key] ?? []).map((amount) =>
    newGiftCardRecord({
      shopId: shop.id,
      currency: spec.currency,
      amount,
      source: { type: 'ISSUED', issuedBy: null },
      now: Date.parse(identity.createdAt),
    }),
  )
  const platformApp = makeDemoPlatformApp(data, secretBox, publicUrl)
  const apiHash = secretBox.digestCredential(apiPassword)
  // On this thread, one after the other: see hashPasswordBlocking.
  const ownerHash = hashPasswordBlocking(ownerPassword)
  const staffHash = hashPasswordBlocking(staffPassword)
  return {
    credentials: {
      id: shop.id,
      name: shop.name,
      domain: shop.domain,
      apiUser: { username, password: apiPassword },
      storefrontToken: token,
      admins: [
        { email: spec.admins.owner.email, password: ownerPassword, role: 'SUPER_ADMIN' },
        { email: spec.admins.staff.email, password: staffPassword, role: 'STAFF' },
      ],
      ...(giftCards.length > 0
        ? { giftCards: giftCards.map((c) => ({ code: c.code, balance: formatMoney(c.row.balance, c.row.currency) })) }
        : {}),
      ...(platformApp ? { platformApp: platformApp.credentials } : {}),
    },
    ...(platformApp ? { platformApp: platformApp.rows } : {}),
    giftCards: giftCards.map((c) => c.row),
    webhookSecret: secretBox.seal(`whsec_${randomBytes(24).toString('base64')}`),
    adminUsers: [
      {
        id: identity.ownerAdminId,
        shop_id: shop.id,
        email: spec.admins.owner.email,
        name: spec.admins.owner.name,
        password_hash: ownerHash,
        role: 'SUPER_ADMIN',
        created_at: identity.createdAt,
      },
      {
        id: identity.staffAdminId,
        shop_id: shop.id,
        email: spec.admins.staff.email,
        name: spec.admins.staff.name,
        password_hash: staffHash,
        role: 'STAFF',
        created_at: identity.createdAt,
      },
    ],
    apiUser: {
      id: identity.apiUserId,
      shop_id: shop.id,
      username,
      password_hash: apiHash,
      created_by: identity.ownerAdminId,
      created_at: identity.createdAt,
      last_used_at: null,
    },
    storefrontToken: {
      id: identity.storefrontTokenId,
      shop_id: shop.id,
      token_hash: tokenHash(token),
      token_sealed: secretBox.seal(token),
      created_at: identity.createdAt,
      revoked_at: null,
    },
  }
}
