// The API package's public surface, used by the CLI and by other workspaces' tests.
export { type BuildOptions, buildApp, type Platform, sharedContract } from './app.js'
export { BackupError, type BackupErrorCode } from './backup/backup.errors.js'
export {
  type BackupManifest,
  type BackupReport,
  createBackup,
  type RestoreReport,
  restoreBackup,
} from './backup/backup.service.js'
export { type Clock, ManualClock, systemClock } from './clock.js'
export { type Config, ConfigError, loadConfig, parseConfig } from './config.js'
export { migrateToLatest, openDatabase } from './db/database.js'
export { DomainError } from './errors/domain-error.js'
export { createApiUserService } from './modules/api-users/api-users.service.js'
export { createSqlAttemptCounter } from './modules/auth-throttle/attempt-counter.sql.js'
export { createCredentialThrottle } from './modules/auth-throttle/credential-throttle.js'
export { parseCheckoutForm } from './modules/checkout/checkout-form.js'
export { approvedTestCard } from './modules/checkout/payment.js'
export { type WebhookEventType, webhookEventTypes } from './modules/events/event-types.js'
export { createFulfillmentService, type TrackerAdvance } from './modules/fulfillments/fulfillments.service.js'
export { isTrackerState, type TrackerState, trackerStates } from './modules/fulfillments/shipment-tracker.js'
export { createGiftCardService } from './modules/gift-cards/gift-cards.service.js'
export { withShopOnboarding } from './modules/people/operator-shops.js'
export { withPlatformAppRegistry } from './modules/platform-apps/operator-registry.js'
export type { PlatformApp, RegisteredApp } from './modules/platform-apps/platform-apps.service.js'
export { createStorefrontTokenService } from './modules/storefront/storefront-tokens.service.js'
export { startWorker } from './modules/webhook-delivery/worker-process.js'
// Every domain service for an operator tool beside the local server (`fanshelf trigger` acts through them).
export { withOperatorServices } from './operator-services.js'
export { readRunningServer, recordRunningServer, runningServerOrigin } from './running-server.js'
export { SecretBox } from './security/secret-box.js'
export { formatDemoBanner, readDemoCredentials, writeDemoCredentials } from './seed/demo-credentials.js'
export { isSeeded, resetDatabase, seedDemo } from './seed/demo-seed.js'
// Every domain service over one database (`fanshelf trigger` acts through them).
export { createServices, type Services } from './services.js'
export { startPlatform } from './start.js'
