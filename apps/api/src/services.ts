import type { Clock } from './clock.js'
import type { Config } from './config.js'
import type { DatabaseHandle } from './db/database.js'
import type { Contract } from './http/contract.js'
import type { Authenticators } from './http/principal.js'
import { createApiUserService } from './modules/api-users/api-users.service.js'
import { createDonationService } from './modules/donations/donations.service.js'
import { createDrawDeadlineTask } from './modules/gifting/draw-deadlines.js'
import { createGiftingService } from './modules/gifting/gifting.service.js'
import { createGiveawayLinkService } from './modules/giveaway-links/giveaway-links.service.js'
import { createMailingListService } from './modules/mailing-list/mailing-list.service.js'
import { createMembershipService } from './modules/memberships/memberships.service.js'
import { createOrderService } from './modules/orders/orders.service.js'
import { createProductService } from './modules/products/products.service.js'
import { createPromotionService } from './modules/promotions/promotions.service.js'
import { createShopService } from './modules/shops/shops.service.js'
import { createStreamingService } from './modules/streaming/streaming.service.js'
import { createThankYouService } from './modules/thank-yous/thank-yous.service.js'
import { createWebhookConfigurationService } from './modules/webhook-configurations/webhook-configurations.service.js'
import { SecretBox } from './security/secret-box.js'

export interface ServiceDeps {
  config: Config
  clock: Clock
  database: DatabaseHandle
  contract: Contract
  secretBox?: SecretBox
}

/** Builds every domain service once; routes, the CLI and the worker share them. */
export function createServices(deps: ServiceDeps) {
  const { clock, database, config } = deps
  const db = database.db
  const secretBox = deps.secretBox ?? SecretBox.fromDataDir(config.dataDir)
  const apiUsers = createApiUserService(db, clock)
  const shops = createShopService(db, secretBox)
  const orders = createOrderService(db)
  const gifting = createGiftingService(db, { publicUrl: config.publicUrl, clock, dialect: database.dialect })
  // Ends draws nobody finished (GIFT_DRAW_ENDED without winners); runs while the app runs.
  const drawDeadlines = createDrawDeadlineTask({ gifting, clock })
  drawDeadlines.start()
  const giveawayLinks = createGiveawayLinkService(db, { publicUrl: config.publicUrl, clock, dialect: database.dialect })
  const streaming = createStreamingService(db, { clock })
  const webhookConfigurations = createWebhookConfigurationService(db, shops, {
    clock,
    dialect: database.dialect,
    rules: config.webhooks,
  })
  const memberships = createMembershipService(db)
  const products = createProductService(db)
  const donations = createDonationService(db)
  const promotions = createPromotionService(db)
  const mailingList = createMailingListService(db)
  const thankYous = createThankYouService(db)

  const authenticators: Authenticators = {
    basic: (username, password) => apiUsers.verify(username, password),
    // Platform apps (OAuth) and storefront tokens are wired in by their modules.
    bearer: async () => undefined,
    storefrontToken: async () => undefined,
  }

  return {
    db,
    clock,
    secretBox,
    apiUsers,
    shops,
    orders,
    gifting,
    drawDeadlines,
    giveawayLinks,
    streaming,
    webhookConfigurations,
    memberships,
    products,
    donations,
    promotions,
    mailingList,
    thankYous,
    authenticators,
    async close(): Promise<void> {
      await drawDeadlines.stop()
    },
  }
}

export type Services = ReturnType<typeof createServices>
