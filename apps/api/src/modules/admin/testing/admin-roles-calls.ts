import type { ValidateFunction } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, expect } from 'vitest'
import { compileSchema } from '../../../http/validation.js'
import { createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'
import { type OAuthClient, registerClient } from '../../platform-apps/testing/oauth-harness.js'
import { loadAdminSchemas } from '../admin-contract.js'
import type { AdminAction } from '../admin-permissions.js'
import { type AdminClient, type AdminResponse, signInAdmin } from './admin-client.js'

// What the admin role suites (admin-roles.routes.test.ts, admin-roles.super-admin.test.ts) share. The
// `let`s are live bindings: `setUpAdminRolesCalls()` fills them before the tests run.

/**
 * Least privilege in the merchant admin (decision 0027). Every route of the admin backend is listed
 * here by method and path with the action it performs — not derived from the matrix, so a route
 * missing from the matrix (or a new route missing here) fails. STAFF are refused every credential,
 * webhook and app action with 403 FORBIDDEN naming the action and the role that may take it, and
 * change nothing; a super-admin succeeds, and each change leaves an audit entry that holds no secret.
 */

export let platform: TestPlatform
export let owner: AdminClient
export let staff: AdminClient
export let app: OAuthClient
export let validateAuditPage: ValidateFunction
export let validateSession: ValidateFunction

export const codeChallenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

export type Route = readonly [method: string, path: string, action: AdminAction]

/** What STAFF keep: running the shop. */
export const anyAdminRoutes: Route[] = [
  ['GET', '/admin/api/shop', 'shop.read'],
  ['GET', '/admin/api/shop-settings', 'shopSettings.read'],
  ['GET', '/admin/api/products', 'products.read'],
  ['GET', '/admin/api/products/:productId', 'products.read'],
  ['POST', '/admin/api/products', 'products.write'],
  ['PUT', '/admin/api/products/:productId', 'products.write'],
  ['PUT', '/admin/api/products/:productId/availability', 'products.write'],
  ['GET', '/admin/api/media', 'media.read'],
  ['POST', '/admin/api/media', 'media.upload'],
  ['GET', '/admin/api/promotions', 'promotions.read'],
  ['GET', '/admin/api/promotions/:promotionId', 'promotions.read'],
  ['POST', '/admin/api/promotions', 'promotions.write'],
  ['POST', '/admin/api/promotions/:promotionId/status', 'promotions.write'],
  ['GET', '/admin/api/membership-tiers', 'promotions.read'],
  ['GET', '/admin/api/orders', 'orders.read'],
  ['GET', '/admin/api/orders/:orderId', 'orders.read'],
  ['POST', '/admin/api/orders/:orderId/cancel', 'orders.write'],
  ['POST', '/admin/api/orders/:orderId/complete', 'orders.write'],
  ['POST', '/admin/api/fulfillments', 'fulfillments.write'],
  ['POST', '/admin/api/fulfillments/:fulfillmentId/advance', 'fulfillments.write'],
  ['GET', '/admin/api/gift-cards', 'giftCards.read'],
  ['POST', '/admin/api/gift-cards', 'giftCards.issue'],
  ['PUT', '/admin/api/password', 'password.change'],
]

/** Credentials, webhooks, connected apps and the audit log: the super-admin's. */
export const superAdminRoutes: Route[] = [
  ['GET', '/admin/api/api-users', 'apiUsers.read'],
  ['POST', '/admin/api/api-users', 'apiUsers.create'],
  ['DELETE', '/admin/api/api-users/:apiUserId', 'apiUsers.delete'],
  ['GET', '/admin/api/storefront-token', 'storefrontToken.read'],
  ['POST', '/admin/api/storefront-token', 'storefrontToken.create'],
  ['POST', '/admin/api/storefront-token/regenerate', 'storefrontToken.regenerate'],
  ['DELETE', '/admin/api/storefront-token', 'storefrontToken.revoke'],
  ['GET', '/admin/api/webhook-secret', 'webhookSecret.reveal'],
  ['POST', '/admin/api/webhook-secret/rotate', 'webhookSecret.rotate'],
  ['GET', '/admin/api/webhooks', 'webhooks.read'],
  ['POST', '/admin/api/webhooks', 'webhooks.create'],
  ['GET', '/admin/api/webhooks/:webhookConfigurationId', 'webhooks.read'],
  ['PUT', '/admin/api/webhooks/:webhookConfigurationId', 'webhooks.update'],
  ['DELETE', '/admin/api/webhooks/:webhookConfigurationId', 'webhooks.delete'],
  ['POST', '/admin/api/webhooks/:webhookConfigurationId/test-events', 'webhooks.test'],
  ['GET', '/admin/api/webhooks/:webhookConfigurationId/events', 'webhooks.read'],
  ['GET', '/admin/api/webhook-events/:webhookEventId', 'webhooks.read'],
  ['POST', '/admin/api/webhook-events/:webhookEventId/replay', 'webhooks.replay'],
  ['GET', '/admin/api/platform-apps/connections', 'platformApps.read'],
  ['DELETE', '/admin/api/platform-apps/:appId/connection', 'platformApps.disconnect'],
  ['GET', '/admin/api/audit-log', 'auditLog.read'],
  ['GET', '/admin/api/people', 'people.read'],
  ['POST', '/admin/api/people', 'people.invite'],
  ['PUT', '/admin/api/people/:adminUserId/role', 'people.changeRole'],
  ['DELETE', '/admin/api/people/:adminUserId', 'people.remove'],
  ['PUT', '/admin/api/shop-settings', 'shopSettings.update'],
]

/** Outside the matrix: signing in and out (any admin), and the loopback-only demo credentials (no session). */
export const unmatrixedRoutes = [
  ['GET', '/admin/api/session'],
  ['POST', '/admin/api/session'],
  ['DELETE', '/admin/api/session'],
  ['GET', '/admin/api/demo-credentials'],
  ['POST', '/admin/api/password-reset'],
] as const

/** Method and full path of every route registered under /admin/api, from Fastify's route tree. */
export function registeredAdminRoutes(): string[] {
  const tree = platform.app.printRoutes({ commonPrefix: false })
  const stack: string[] = []
  const routes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!match) continue
    const depth = Math.floor([...(match[1] as string)].length / 4)
    stack.length = depth
    const path = (stack[depth - 1] ?? '') + (match[2] as string)
    stack[depth] = path
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD' && m !== 'OPTIONS')) {
      if (path.startsWith('/admin/api/')) routes.push(`${method} ${path}`)
    }
  }
  return routes.sort()
}

export function expectForbidden(response: AdminResponse, action: AdminAction) {
  expect(response.status, JSON.stringify(response.body)).toBe(403)
  expect(response.body.code).toBe('FORBIDDEN')
  expect(response.body.message).toContain(action)
  expect(response.body.message).toContain('SUPER_ADMIN')
  expect(response.body.message).toContain('STAFF')
  expect(response.body.details).toEqual({ action, role: 'STAFF', allowedRoles: ['SUPER_ADMIN'] })
}

/** A path with its parameters filled from `ids` (unknown ids stay syntactically valid). */
export function fill(path: string, ids: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => ids[name] ?? '00000000-0000-4000-8000-000000000000')
}

export async function auditLog(client: AdminClient, query?: Record<string, number>) {
  const response = await client.get('/admin/api/audit-log', query ? { query } : undefined)
  if (response.status === 200) {
    expect(validateAuditPage(response.body), JSON.stringify(validateAuditPage.errors)).toBe(true)
  }
  return response
}

/** Registers the suite's hooks in the calling test file. */
export function setUpAdminRolesCalls(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
    owner = await signInAdmin(platform, 'SUPER_ADMIN')
    staff = await signInAdmin(platform, 'STAFF')
    app = await registerClient(platform, { scopes: ['order_read'], name: 'Role Check App' })
    const schemas = await loadAdminSchemas()
    const schema = (name: string) => {
      const found = schemas[name]
      if (!found) throw new Error(`admin-api.yaml has no schema ${name}`)
      return found
    }
    validateAuditPage = compileSchema(schema('AdminAuditLogPage'))
    validateSession = compileSchema(schema('AdminSession'))
  })
  afterAll(() => platform.close())
}
