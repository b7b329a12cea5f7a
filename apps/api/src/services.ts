import type { Clock } from './clock.js'
import type { Config } from './config.js'
import type { DatabaseHandle } from './db/database.js'
import type { Contract } from './http/contract.js'
import type { Authenticators } from './http/principal.js'
import { answerSerializer, pageSerializers } from './http/serialized-json.js'
import { createAdminAuditLogService } from './modules/admin/admin-audit-log.service.js'
import { createAdminOrderService } from './modules/admin/admin-orders.service.js'
import { createWebhookSecretService } from './modules/admin/webhook-secrets.service.js'
import { createAdminSessionService } from './modules/admin-sessions/admin-sessions.service.js'
import { createApiUserService } from './modules/api-users/api-users.service.js'
import type { AttemptCounter } from './modules/auth-throttle/attempt-counter.js'
import { RedisAttemptCounter } from './modules/auth-throttle/attempt-counter.redis.js'
import { createSqlAttemptCounter } from './modules/auth-throttle/attempt-counter.sql.js'
import { createCredentialThrottle } from './modules/auth-throttle/credential-throttle.js'
import { createCheckoutService } from './modules/checkout/checkout.service.js'
import { createGiftRedemptionService } from './modules/checkout/gift-redemption.service.js'
import { createCheckoutLinkService } from './modules/checkout-link/checkout-link.service.js'
import { createCollectionService } from './modules/collections/collections.service.js'
import { createDonationService } from './modules/donations/donations.service.js'
import { createDownloadService } from './modules/downloads/downloads.service.js'
import { createFeedService } from './modules/feed/feed.service.js'
import { createFulfillmentService } from './modules/fulfillments/fulfillments.service.js'
import { createGiftCardService } from './modules/gift-cards/gift-cards.service.js'
import { createDrawDeadlineTask } from './modules/gifting/draw-deadlines.js'
import { createGiftingService } from './modules/gifting/gifting.service.js'
import { createGiveawayService } from './modules/gifting/giveaways.service.js'
import { createGiveawayLinkService } from './modules/giveaway-links/giveaway-links.service.js'
import { createMailingListService } from './modules/mailing-list/mailing-list.service.js'
import { mcpScopes, toolsFromContract } from './modules/mcp/mcp-tools.js'
import { createMediaService } from './modules/media/media.service.js'
import { databaseStorage } from './modules/media/media-storage.js'
import { createS3Storage } from './modules/media/s3-storage.js'
import { createMembershipService } from './modules/memberships/memberships.service.js'
import { loadExchangeRates } from './modules/money/exchange-rates.js'
import { createOrderService } from './modules/orders/orders.service.js'
import { createSmtpMailer } from './modules/people/mailer.js'
import { createPeopleService } from './modules/people/people.service.js'
import { createDynamicClientService } from './modules/platform-apps/dynamic-clients.service.js'
import { resourceIndicators } from './modules/platform-apps/oauth-resources.js'
import { createPlatformAppService } from './modules/platform-apps/platform-apps.service.js'
import { createPlatformGrantService } from './modules/platform-apps/platform-grants.service.js'
import { platformScopes } from './modules/platform-apps/platform-scopes.js'
import { createPlatformTokenService } from './modules/platform-apps/platform-tokens.service.js'
import { createProductAdminService } from './modules/products/products.admin.js'
import { createProductService } from './modules/products/products.service.js'
import { createPromotionService } from './modules/promotions/promotions.service.js'
import { createShopSettingsService } from './modules/shops/shop-settings.service.js'
import { createShopService } from './modules/shops/shops.service.js'
import { createStorefront } from './modules/storefront/storefront.service.js'
import { createStreamingService } from './modules/streaming/streaming.service.js'
import { createThankYouService } from './modules/thank-yous/thank-yous.service.js'
import { createWebhookConfigurationService } from './modules/webhook-configurations/webhook-configurations.service.js'
import { createDeliveryWorker, type DeliveryWorkerOptions } from './modules/webhook-delivery/delivery-worker.js'
import { createSigningKeys } from './modules/webhook-delivery/webhook-signatures.js'
import { createWebhookEventService } from './modules/webhook-events/webhook-events.service.js'
import { SecretBox } from './security/secret-box.js'

export interface ServiceDeps {
  config: Config
  clock: Clock
  database: DatabaseHandle
  contract: Contract
  secretBox?: SecretBox
  /** Told of every webhook attempt's outcome (the metrics, when they are on). */
  onDeliveryOutcome?: DeliveryWorkerOptions['onOutcome']
  /** Where services report what an operator should know (the app's logger); never a secret. */
  warn?: (message: string) => void
}

/** Builds every domain service once; routes, the CLI and the worker share them. */
export function createServices(deps: ServiceDeps) {
  const { clock, database, config } = deps
  const db = database.db
  const secretBox = deps.secretBox ?? SecretBox.fromConfig(config)
  // Credential attempts (decision 0030): counted in Redis when the cluster has one, else in the database.
  const attempts: AttemptCounter = config.redisUrl
    ? new RedisAttemptCounter(config.redisUrl)
    : createSqlAttemptCounter(db, clock)
  const credentialThrottle = createCredentialThrottle(attempts, {
    clock,
    throttledDelayMs: config.basicAuthFailures.throttledDelayMs,
  })
  const apiUsers = createApiUserService(db, {
    clock,
    secretBox,
    throttle: credentialThrottle,
    limits: config.basicAuthFailures,
  })
  const shops = createShopService(db, secretBox)
  // The shop's settings, edited by its super-admin in the admin (decision 0037).
  const shopSettings = createShopSettingsService(db, { clock, dialect: database.dialect })
  const orders = createOrderService(db, { serializers: pageSerializers(deps.contract, 'listOrders') })
  // Fulfilments, their trackers and the order status they drive; cancel/complete for the admin.
  const fulfillments = createFulfillmentService(db, { clock, dialect: database.dialect })
  const gifting = createGiftingService(db, { publicUrl: config.publicUrl, clock, dialect: database.dialect })
  // Ends draws nobody finished (GIFT_DRAW_ENDED without winners); runs while the app runs.
  // Ends draws whose deadline passed; the app starts it (building services starts nothing).
  const drawDeadlines = createDrawDeadlineTask({ gifting, clock })
  // Giveaways a bot creates and finishes (beta): gifts and draws of the shop's own products.
  const giveaways = createGiveawayService(db, {
    gifting,
    publicUrl: config.publicUrl,
    clock,
    dialect: database.dialect,
  })
  const giveawayLinks = createGiveawayLinkService(db, {
    publicUrl: config.publicUrl,
    clock,
    dialect: database.dialect,
    serializePackages: answerSerializer(deps.contract, 'listGiveawayLinkPackages'),
  })
  const streaming = createStreamingService(db, { clock })
  // Platform apps (OAuth): the registry (whose HMAC keys sign app webhooks), consents and tokens;
  // admin sessions guard the consent page and the admin API.
  const platformApps = createPlatformAppService(db, { clock, secretBox, scopes: platformScopes(deps.contract) })
  const platformGrants = createPlatformGrantService(db, { clock, apps: platformApps, issuer: config.publicUrl })
  const platformTokens = createPlatformTokenService(db, { clock, resources: resourceIndicators(config.publicUrl) })
  // MCP clients that register themselves may ask only for the scopes the MCP tools need.
  const dynamicClients = createDynamicClientService(db, {
    clock,
    secretBox,
    attempts,
    scopes: mcpScopes(toolsFromContract(deps.contract), platformApps.scopes.keys()),
  })
  const adminSessions = createAdminSessionService(db, { clock, throttle: credentialThrottle })
  const webhookConfigurations = createWebhookConfigurationService(db, shops, {
    clock,
    dialect: database.dialect,
    rules: config.webhooks,
    appKeys: platformApps.appKeys,
    configurationPage: pageSerializers(deps.contract, 'listWebhookConfigurations'),
  })
  // Webhook delivery: the worker (started by buildApp in a process with the worker role; tests step
  // it with runOnce) and the delivery log, whose replays and test events wake it.
  const webhookDelivery = createDeliveryWorker({
    database,
    clock,
    rules: config.webhooks,
    signingKeys: createSigningKeys({ db, secretBox, clock, appKeys: platformApps.appKeys }),
    onOutcome: deps.onDeliveryOutcome,
  })
  const webhookEvents = createWebhookEventService({
    db,
    clock,
    contract: deps.contract,
    onQueued: () => webhookDelivery.wake(),
  })
  const memberships = createMembershipService(db, {
    clock,
    memberPage: pageSerializers(deps.contract, 'listMembers'),
    serializeTiers: answerSerializer(deps.contract, 'listMembershipTiers'),
  })
  const products = createProductService(db, {
    clock,
    dialect: database.dialect,
    serializeProduct: answerSerializer(deps.contract, 'getProduct'),
    productPage: pageSerializers(deps.contract, 'listProducts'),
    inventoryPage: pageSerializers(deps.contract, 'listProductInventory'),
  })
  const donations = createDonationService(db, {
    clock,
    donationPage: pageSerializers(deps.contract, 'listDonations'),
  })
  const collections = createCollectionService(db, {
    collectionPage: pageSerializers(deps.contract, 'listShopCollections'),
  })
  const promotions = createPromotionService(db, {
    clock,
    dialect: database.dialect,
    promotionPage: pageSerializers(deps.contract, 'listPromotions'),
  })
  const giftCards = createGiftCardService(db, { clock })
  const mailingList = createMailingListService(db, {
    clock,
    entryPage: pageSerializers(deps.contract, 'listMailingListEntries'),
  })
  const thankYous = createThankYouService(db, { clock })
  // Storefront API (tokens, catalogue, carts), the hosted checkout, gift redemption and the product
  // feed; prices convert with the exchange-rate table (DATA_DIR/exchange-rates.json overrides it).
  const exchangeRates = loadExchangeRates(config.dataDir)
  const storefront = createStorefront(db, {
    clock,
    dialect: database.dialect,
    secretBox,
    rates: exchangeRates,
    publicUrl: config.publicUrl,
  })
  // Digital goods: a buyer's download token per order and the file downloads (decision 0024).
  // The shops' uploaded media (decision 0036), stored in the database every node reads, or in the
  // S3-compatible bucket MEDIA_S3_URL names.
  const media = createMediaService(db, {
    clock,
    publicUrl: config.publicUrl,
    storage: config.mediaS3 ? createS3Storage(config.mediaS3) : databaseStorage,
  })
  const downloads = createDownloadService(db, { clock, secretBox, files: media })
  const checkout = createCheckoutService(db, { clock, dialect: database.dialect, rates: exchangeRates, downloads })
  const giftRedemption = createGiftRedemptionService(db, { clock, rates: exchangeRates, giveawayLinks, gifting })
  const feed = createFeedService(db)
  // The shop's direct checkout link `GET /cart/checkout` (decision 0024).
  const checkoutLink = createCheckoutLinkService(db, { clock, carts: storefront.carts })
  // Merchant admin (issue 8): product create/edit, the shop's webhook secret rotation, the order page.
  const productAdmin = createProductAdminService(db, { clock, dialect: database.dialect, publicUrl: config.publicUrl })
  const webhookSecrets = createWebhookSecretService(db, { clock, dialect: database.dialect, secretBox })
  const adminOrders = createAdminOrderService(db, { orders, fulfillments })
  // Who changed which credential, webhook or app connection in the admin (decision 0027).
  const adminAuditLog = createAdminAuditLogService(db, { clock })
  // Shops' people and their one-time links (decision 0035); mail only when SMTP_URL is set.
  const mailer = config.smtp ? createSmtpMailer(config.smtp) : undefined
  const people = createPeopleService(db, {
    clock,
    dialect: database.dialect,
    secretBox,
    sessions: adminSessions,
    auditLog: adminAuditLog,
    attempts,
    throttle: credentialThrottle,
    mailer,
    publicUrl: config.publicUrl,
    onUndeliverable: deps.warn,
  })

  const authenticators: Authenticators = {
    basic: (username, password, clientAddress) => apiUsers.authenticate(username, password, clientAddress),
    // Platform apps' access tokens (OAuth): a live token under an active grant.
    bearer: (token) => platformTokens.authenticateBearer(token),
    storefrontToken: (token) => storefront.tokens.authenticate(token),
  }

  return {
    db,
    clock,
    secretBox,
    apiUsers,
    shops,
    shopSettings,
    orders,
    fulfillments,
    gifting,
    drawDeadlines,
    giveaways,
    giveawayLinks,
    streaming,
    webhookConfigurations,
    webhookDelivery,
    webhookEvents,
    memberships,
    products,
    donations,
    collections,
    promotions,
    giftCards,
    mailingList,
    thankYous,
    exchangeRates,
    storefront,
    checkout,
    downloads,
    checkoutLink,
    giftRedemption,
    feed,
    platformApps,
    platformGrants,
    platformTokens,
    dynamicClients,
    adminSessions,
    productAdmin,
    media,
    webhookSecrets,
    adminOrders,
    adminAuditLog,
    people,
    authenticators,
    credentialThrottle,
    async close(): Promise<void> {
      await webhookDelivery.stop()
      await drawDeadlines.stop()
      await attempts.close()
      mailer?.close()
      media.close()
    },
  }
}

export type Services = ReturnType<typeof createServices>
