import { describe, expect, it } from 'vitest'
import { type OperationRoute, operationRoutes } from './generated/operations.js'
import { called, server, setUpOpenApiSession } from './testing/open-api-session.js'
import { describeCatalogueAndPromotions } from './testing/open-api-suites/catalogue.js'
import { describePlatformApps } from './testing/open-api-suites/platform-apps.js'
import { describeShopAndOrders } from './testing/open-api-suites/shop-and-orders.js'
import { describeStreamingAndBeta } from './testing/open-api-suites/streaming-and-beta.js'
import { describeWebhooks } from './testing/open-api-suites/webhooks.js'

/**
 * The SDK against the real server (built in process, listening on 127.0.0.1): every open API and beta
 * operation the server serves is called at least once through the SDK, the last test checks that. The
 * suites live in testing/open-api-suites/, one per area, and run here in one process so that the
 * coverage test sees every call.
 */

setUpOpenApiSession()

describeShopAndOrders()
describeCatalogueAndPromotions()
describeStreamingAndBeta()
describeWebhooks()
describePlatformApps()

describe('coverage', () => {
  it('called every open API and beta operation the server serves', () => {
    const openApi = Object.entries(operationRoutes as Record<string, OperationRoute>)
      .filter(([, route]) => route.api === 'open')
      .map(([id]) => id)
    const served = openApi.filter((id) => server.serves(id))
    const notServed = openApi.filter((id) => !server.serves(id))
    if (notServed.length > 0) console.info(`Open API operations not served yet: ${notServed.join(', ')}`)
    expect(served.filter((id) => !called.has(id))).toEqual([])
  })
})
