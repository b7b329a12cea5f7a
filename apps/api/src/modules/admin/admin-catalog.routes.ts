import type { AdminRes, Res } from '@fanshelf/contract'
import type { FastifyInstance } from 'fastify'
import { pageRequest } from '../paging/paging.js'
import type { ProductInput } from '../products/product-input.js'
import type { PromotionCreateRequest } from '../promotions/promotion-input.js'
import type { PromotionAdminAction } from '../promotions/promotions.service.js'
import { withPromotionActions } from './admin.mapper.js'
import type { AdminParsers } from './admin-contract.js'
import type { AdminAccess, IdParams } from './admin-http.js'

/**
 * Products and promotions (the media library their images come from: admin-media.routes.ts). Their
 * answers are the open API's resources (admin-api.yaml `$ref`s them), built by the same mappers: as
 * in the open API's handlers, `as AdminRes<…>` asserts the mappers' loosely typed shapes (a stored
 * `type` is a plain string), which still fails when a required field is renamed or removed.
 */
export function adminCatalogRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { services } = app.platform

    // ------------------------------------------------------------ products

    app.get('/admin/api/products', async (request, reply) => {
      const session = await access.read(request, reply, 'products.read')
      const query = parse.products(request.query)
      return (await services.products.listProducts(
        session.shopId,
        query.search,
        pageRequest(query),
      )) as AdminRes<'listAdminProducts'>
    })

    app.get('/admin/api/products/:productId', async (request: IdParams<'productId'>, reply) => {
      const session = await access.read(request, reply, 'products.read')
      return (await services.products.getProduct(
        session.shopId,
        request.params.productId,
      )) as AdminRes<'getAdminProduct'>
    })

    app.post('/admin/api/products', async (request, reply) => {
      const session = await access.write(request, reply, 'products.write')
      const body = parse.product<ProductInput>(request.body)
      const created = await services.productAdmin.createProduct(session.shopId, body)
      return reply.code(201).send(created as AdminRes<'createAdminProduct'>)
    })

    app.put('/admin/api/products/:productId', async (request: IdParams<'productId'>, reply) => {
      const session = await access.write(request, reply, 'products.write')
      const body = parse.product<ProductInput>(request.body)
      return (await services.productAdmin.updateProduct(
        session.shopId,
        request.params.productId,
        body,
      )) as AdminRes<'updateAdminProduct'>
    })

    app.put('/admin/api/products/:productId/availability', async (request: IdParams<'productId'>, reply) => {
      const session = await access.write(request, reply, 'products.write')
      const body = parse.availability(request.body)
      return (await services.products.setProductAvailability(
        session.shopId,
        request.params.productId,
        body.available,
      )) as AdminRes<'setAdminProductAvailability'>
    })

    // ------------------------------------------------------------ promotions

    app.get('/admin/api/promotions', async (request, reply) => {
      const session = await access.read(request, reply, 'promotions.read')
      const query = parse.page(request.query)
      const page = await services.promotions.listPromotions(session.shopId, pageRequest(query))
      return { ...page, results: page.results.map(withPromotionActions) } as AdminRes<'listAdminPromotions'>
    })

    app.get('/admin/api/promotions/:promotionId', async (request: IdParams<'promotionId'>, reply) => {
      const session = await access.read(request, reply, 'promotions.read')
      const promotion = await services.promotions.getPromotion(session.shopId, request.params.promotionId)
      return withPromotionActions(promotion) as AdminRes<'getAdminPromotion'>
    })

    app.post('/admin/api/promotions', async (request, reply) => {
      const session = await access.write(request, reply, 'promotions.write')
      const body = parse.promotion<PromotionCreateRequest>(request.body)
      const created = await services.promotions.createPromotion(session.shopId, body)
      return reply.code(201).send(withPromotionActions(created) as AdminRes<'createAdminPromotion'>)
    })

    app.post('/admin/api/promotions/:promotionId/status', async (request: IdParams<'promotionId'>, reply) => {
      const session = await access.write(request, reply, 'promotions.write')
      const body = parse.promotionStatus<{ action: PromotionAdminAction }>(request.body)
      const changed = await services.promotions.changePromotionStatus(
        session.shopId,
        request.params.promotionId,
        body.action,
      )
      return withPromotionActions(changed) as AdminRes<'changeAdminPromotionStatus'>
    })

    /** The membership tiers a membership promotion may be limited to. */
    app.get('/admin/api/membership-tiers', async (request, reply) => {
      const session = await access.read(request, reply, 'promotions.read')
      const tiers = (await services.memberships.listTiers(session.shopId)) as Res<'listMembershipTiers'>
      return { results: tiers } satisfies AdminRes<'listAdminMembershipTiers'>
    })
  }
}
