import { afterAll, beforeAll } from 'vitest'
import type { ShopPrincipal } from '../../../http/principal.js'
import { createTestPlatform, type TestPlatform } from '../../../testing/test-platform.js'

/**
 * What the webhook configuration write suites (webhook-configurations.writes/updates/platform-apps/
 * url-rules tests) share: a test platform, the calls, a platform app's principal, and the bodies and
 * URLs the contract or the URL rules refuse. `platform` is a live binding:
 * `setUpWebhookConfigurationWrites()` fills it before the tests run.
 */

export let platform: TestPlatform

export const services = () => platform.app.platform.services
export const db = () => services().db
/** A public address as an IP literal: no DNS lookup in tests. */
export const publicUrl = 'https://93.184.216.34/fanshelf'

export function create(body: unknown, auth = platform.asDemo) {
  return platform.call('createWebhookConfiguration', { body, auth })
}
export function update(webhookConfigurationId: string, body: unknown, auth = platform.asDemo) {
  return platform.call('updateWebhookConfiguration', { params: { webhookConfigurationId }, body, auth })
}
export function remove(webhookConfigurationId: string, auth = platform.asDemo) {
  return platform.call('deleteWebhookConfiguration', { params: { webhookConfigurationId }, auth })
}
export function get(webhookConfigurationId: string, auth = platform.asDemo) {
  return platform.call('getWebhookConfiguration', { params: { webhookConfigurationId }, auth })
}
export async function eventCount(): Promise<number> {
  return (await db().selectFrom('events').select('id').execute()).length
}

export const app = (appId: string, shopId = platform.demo.id): ShopPrincipal => ({
  kind: 'platformApp',
  shopId,
  appId,
  grantId: 'grant_test',
  scopes: new Set(['webhook_read', 'webhook_write']),
  rateKey: 'grant:grant_test',
})

/** Body-schema violations, one at a time: [field, rule, body]. */
export const invalidBodies = [
  ['url', 'required', { allowedTypes: ['ORDER_PLACED'] }],
  ['url', 'format', { url: 'https://bad host/hooks', allowedTypes: ['ORDER_PLACED'] }],
  ['url', 'pattern', { url: 'ftp://93.184.216.34/hooks', allowedTypes: ['ORDER_PLACED'] }],
  ['url', 'maxLength', { url: `https://93.184.216.34/${'a'.repeat(2048)}`, allowedTypes: ['ORDER_PLACED'] }],
  ['allowedTypes', 'minItems', { url: publicUrl, allowedTypes: [] }],
  ['allowedTypes', 'uniqueItems', { url: publicUrl, allowedTypes: ['ORDER_PLACED', 'ORDER_PLACED'] }],
  ['allowedTypes/1', 'enum', { url: publicUrl, allowedTypes: ['ORDER_PLACED', 'ORDER_SHIPPED'] }],
  ['secret', 'additionalProperties', { url: publicUrl, allowedTypes: ['ORDER_PLACED'], secret: 'mine' }],
  ['types', 'minItems', { url: publicUrl, types: [] }],
  ['types/0', 'enum', { url: publicUrl, types: ['ORDER_SHIPPED'] }],
] as const

/** Forbidden addresses under the default (local) rules: [kind, url, address]. */
export const forbiddenUrls = [
  ['private', 'http://10.0.0.12/hooks', '10.0.0.12'],
  ['private (decimal form)', 'http://167772172/hooks', '10.0.0.12'],
  ['private IPv6 (ULA)', 'http://[fd12:3456::1]/hooks', 'fd12:3456::1'],
  ['link-local', 'http://169.254.10.1/hooks', '169.254.10.1'],
  ['cloud metadata', 'http://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ['unspecified', 'http://0.0.0.0:8080/hooks', '0.0.0.0'],
  ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1'],
] as const

/** Registers the suite's hooks in the calling test file. */
export function setUpWebhookConfigurationWrites(): void {
  beforeAll(async () => {
    platform = await createTestPlatform()
  })
  afterAll(() => platform.close())
}
