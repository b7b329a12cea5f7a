import type { FastifyInstance } from 'fastify'
import type { AdminParsers } from '../admin/admin-contract.js'
import type { AdminAccess } from '../admin/admin-http.js'
import { toShopSettingsResource } from './shop-settings.mapper.js'
import type { ShopSettingsInput } from './shop-settings.service.js'

/**
 * `GET`/`PUT /admin/api/shop-settings` (decision 0037): every admin sees the shop's settings; the
 * super-admin changes them (audited with the names of the changed settings).
 */
export function shopSettingsRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { shopSettings } = app.platform.services

    app.get('/admin/api/shop-settings', async (request, reply) => {
      const session = await access.read(request, reply, 'shopSettings.read')
      const settings = await shopSettings.get(session.shopId)
      return toShopSettingsResource(settings.shop, settings.currencyChangeable)
    })

    app.put('/admin/api/shop-settings', async (request, reply) => {
      const { session, audit } = await access.audited(request, reply, 'shopSettings.update')
      const body = parse.shopSettings<ShopSettingsInput>(request.body)
      const settings = await shopSettings.update(session.shopId, body, audit)
      return toShopSettingsResource(settings.shop, settings.currencyChangeable)
    })
  }
}
