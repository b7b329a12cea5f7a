import { fastifyCookie } from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import { peopleRoutes } from '../people/people.routes.js'
import { shopSettingsRoutes } from '../shops/shop-settings.routes.js'
import { adminCatalogRoutes } from './admin-catalog.routes.js'
import { createAdminParsers } from './admin-contract.js'
import { adminDeveloperRoutes } from './admin-developer.routes.js'
import { adminGiftCardRoutes } from './admin-gift-cards.routes.js'
import { createAdminAccess } from './admin-http.js'
import { adminMediaRoutes } from './admin-media.routes.js'
import { adminOrderRoutes } from './admin-orders.routes.js'
import { adminSpaRoutes } from './admin-spa.js'

/**
 * The merchant admin: its JSON backend under `/admin/api/…` (session cookie + CSRF from the
 * admin-sessions module; handlers parse, call a domain service, map, reply) and the SPA under
 * `/admin/`. Sign-in (`/admin/api/session`) and connected platform apps
 * (`/admin/api/platform-apps/…`) are served by their own modules.
 */
export function adminRoutes(options: { distDir?: string } = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    const { services, contract } = app.platform
    await app.register(fastifyCookie)
    const access = createAdminAccess(services.adminSessions, services.adminAuditLog)
    const parse = await createAdminParsers(contract)
    await app.register(adminDeveloperRoutes(access, parse))
    await app.register(adminCatalogRoutes(access, parse))
    await app.register(adminMediaRoutes(access, parse))
    await app.register(adminOrderRoutes(access, parse))
    await app.register(adminGiftCardRoutes(access, parse))
    await app.register(peopleRoutes(access, parse))
    await app.register(shopSettingsRoutes(access, parse))
    await app.register(adminSpaRoutes(options))
  }
}
