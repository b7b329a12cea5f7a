import { afterAll, beforeAll, expect } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../../db/database.js'
import type { DemoShopCredentials } from '../../seed/demo-credentials.js'
import { type LocalCluster, startLocalCluster } from '../local-cluster.js'
import { type BalancedClient, type BalancedResponse, createBalancedClient } from './balanced-client.js'

/**
 * The local cluster the scale-out suite (cluster-guarantees.cluster.test.ts) runs on: two API nodes
 * and two workers with a small rate limit, a client balanced over the nodes, the two demo shops'
 * credentials. The `let`s are live bindings: `setUpClusterSession()` fills them before the tests run.
 */

// A smaller limit and window than the defaults (100 per 10 s) so the test saturates it in seconds;
// the rule — at most `limit` starts in any rolling `window` per principal — is the same code.
export const limit = 20
export const windowMs = 2_000

export let cluster: LocalCluster
export let database: DatabaseHandle
export let client: BalancedClient
export let demo: DemoShopCredentials
export let other: DemoShopCredentials

export const open = (path: string) => `/open-api/v1.0${path}`
export const store = (path: string, token = demo.storefrontToken) =>
  `/v1${path}${path.includes('?') ? '&' : '?'}storefront_token=${encodeURIComponent(token)}`

export function expectStatus(response: BalancedResponse, status: number) {
  expect(response.status, `${response.status} ${JSON.stringify(response.body)}`).toBe(status)
}

export const A = 0
export const B = 1

/** Registers the suite's hooks in the calling test file. */
export function setUpClusterSession(): void {
  beforeAll(async () => {
    cluster = await startLocalCluster({
      env: { RATE_LIMIT: String(limit), RATE_LIMIT_WINDOW_MS: String(windowMs) },
    })
    database = openDatabase(cluster.databaseUrl, { poolSize: 4 })
    client = createBalancedClient(() => cluster.nodes.map((n) => (n.running ? n.url : undefined)))
    demo = cluster.credentials.shops[0]!
    other = cluster.credentials.shops[1]!
  })
  afterAll(async () => {
    // The last test stops both itself; stopping twice is a no-op.
    await database?.close().catch(() => {})
    await cluster?.stop()
  })
}
