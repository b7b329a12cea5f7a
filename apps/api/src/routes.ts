import type { HandlerTable } from './http/operation-router.js'
import { orderHandlers } from './modules/orders/orders.routes.js'
import { shopHandlers } from './modules/shops/shops.routes.js'
import type { Services } from './services.js'

/** Every contract operation's handler, by operationId. */
export function openApiHandlers(services: Services): HandlerTable {
  return {
    ...shopHandlers(services.shops),
    ...orderHandlers(services.orders),
  }
}
