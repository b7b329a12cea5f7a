import type { AdminRes } from '@fanshelf/contract'
import type { FastifyInstance } from 'fastify'
import type { TrackerState } from '../fulfillments/shipment-tracker.js'
import { pageRequest } from '../paging/paging.js'
import type { AdminParsers } from './admin-contract.js'
import type { AdminAccess, IdParams } from './admin-http.js'

/** A date-time bound, normalised to the stored form (UTC, milliseconds), as the open API does. */
function instant(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(value).toISOString()
}

/** Orders: the list with the open API's filters, the order page, fulfilments, trackers, cancel, complete. */
export function adminOrderRoutes(access: AdminAccess, parse: AdminParsers) {
  return async (app: FastifyInstance): Promise<void> => {
    const { services } = app.platform

    app.get('/admin/api/orders', async (request, reply) => {
      const session = await access.read(request, reply, 'orders.read')
      const query = parse.orders(request.query)
      const orders = await services.orders.listOrders(
        session.shopId,
        {
          email: query.email,
          createdAfter: instant(query['createdAt[gt]']),
          createdBefore: instant(query['createdAt[lt]']),
          updatedAfter: instant(query['updatedAt[gt]']),
          updatedBefore: instant(query['updatedAt[lt]']),
          statuses: query.status,
        },
        pageRequest(query),
      )
      return orders as AdminRes<'listAdminOrders'>
    })

    app.get('/admin/api/orders/:orderId', async (request: IdParams<'orderId'>, reply) => {
      const session = await access.read(request, reply, 'orders.read')
      return (await services.adminOrders.getOrderDetail(
        session.shopId,
        request.params.orderId,
      )) satisfies AdminRes<'getAdminOrderDetail'>
    })

    app.post('/admin/api/orders/:orderId/cancel', async (request: IdParams<'orderId'>, reply) => {
      const session = await access.write(request, reply, 'orders.write')
      const reason = `Cancelled by ${session.email}`
      return (await services.fulfillments.cancelOrder(
        session.shopId,
        request.params.orderId,
        reason,
      )) as AdminRes<'cancelAdminOrder'>
    })

    app.post('/admin/api/orders/:orderId/complete', async (request: IdParams<'orderId'>, reply) => {
      const session = await access.write(request, reply, 'orders.write')
      return (await services.fulfillments.completeOrder(
        session.shopId,
        request.params.orderId,
        `Completed by ${session.email}`,
      )) as AdminRes<'completeAdminOrder'>
    })

    /** `POST /fulfillments` of the open API, same body and rules. */
    app.post('/admin/api/fulfillments', async (request, reply) => {
      const session = await access.write(request, reply, 'fulfillments.write')
      const body = parse.fulfillment(request.body)
      const created = await services.fulfillments.createFulfillment(session.shopId, body)
      return reply.code(201).send(created satisfies AdminRes<'createAdminFulfillment'>)
    })

    /** The tracker simulation (no carrier exists locally): next state, or a later one. */
    app.post('/admin/api/fulfillments/:fulfillmentId/advance', async (request: IdParams<'fulfillmentId'>, reply) => {
      const session = await access.write(request, reply, 'fulfillments.write')
      const body = parse.trackerAdvance<{ toState?: TrackerState }>(request.body ?? {})
      const advance = await services.fulfillments.advanceTracker(request.params.fulfillmentId, body.toState, {
        shopId: session.shopId,
      })
      return advance as AdminRes<'advanceAdminFulfillmentTracker'>
    })
  }
}
