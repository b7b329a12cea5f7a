import type { Clock } from './clock.js'
import type { Config } from './config.js'
import type { DatabaseHandle } from './db/database.js'
import type { Contract } from './http/contract.js'
import type { Authenticators } from './http/principal.js'
import { createApiUserService } from './modules/api-users/api-users.service.js'
import { createOrderService } from './modules/orders/orders.service.js'
import { createShopService } from './modules/shops/shops.service.js'
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
    authenticators,
    async close(): Promise<void> {},
  }
}

export type Services = ReturnType<typeof createServices>
