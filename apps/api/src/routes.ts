import { combineHandlers, type OperationHandlers } from './http/typed-handlers.js'
import { collectionHandlers } from './modules/collections/collections.routes.js'
import { donationHandlers } from './modules/donations/donations.routes.js'
import { downloadHandlers } from './modules/downloads/downloads.routes.js'
import { fulfillmentHandlers } from './modules/fulfillments/fulfillments.routes.js'
import { giftingHandlers } from './modules/gifting/gifting.routes.js'
import { giveawayHandlers } from './modules/gifting/giveaways.routes.js'
import { giveawayLinkHandlers } from './modules/giveaway-links/giveaway-links.routes.js'
import { mailingListHandlers } from './modules/mailing-list/mailing-list.routes.js'
import { membershipHandlers } from './modules/memberships/memberships.routes.js'
import { orderHandlers } from './modules/orders/orders.routes.js'
import { productHandlers } from './modules/products/products.routes.js'
import { promotionHandlers } from './modules/promotions/promotions.routes.js'
import { shopHandlers } from './modules/shops/shops.routes.js'
import { storefrontHandlers } from './modules/storefront/storefront.routes.js'
import { streamingHandlers } from './modules/streaming/streaming.routes.js'
import { thankYouHandlers } from './modules/thank-yous/thank-yous.routes.js'
import { webhookConfigurationHandlers } from './modules/webhook-configurations/webhook-configurations.routes.js'
import { webhookEventHandlers } from './modules/webhook-events/webhook-events.routes.js'
import type { Services } from './services.js'

/**
 * Every contract operation's handler, by operationId. The compiler proves the table complete: a
 * routed operation without a handler, two handlers for one operation, or a handler for an operation
 * the contracts lack is a type error here (decision 0038; routes.test-d.ts).
 */
export function openApiHandlers(services: Services): OperationHandlers {
  return combineHandlers(
    shopHandlers(services.shops),
    giftingHandlers(services.gifting),
    giveawayHandlers(services.giveaways),
    orderHandlers(services.orders),
    downloadHandlers(services.downloads),
    fulfillmentHandlers(services.fulfillments),
    giveawayLinkHandlers(services.giveawayLinks),
    streamingHandlers(services.streaming),
    webhookConfigurationHandlers(services.webhookConfigurations),
    webhookEventHandlers(services.webhookEvents),
    membershipHandlers(services.memberships),
    productHandlers(services.products),
    donationHandlers(services.donations),
    collectionHandlers(services.collections),
    promotionHandlers(services.promotions),
    mailingListHandlers(services.mailingList),
    thankYouHandlers(services.thankYous),
    storefrontHandlers(services.storefront),
  )
}
