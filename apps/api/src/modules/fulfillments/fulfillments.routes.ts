import type { ShopPrincipal } from '../../http/principal.js'
import type { Handlers } from '../../http/typed-handlers.js'
import type { FulfillmentService } from './fulfillments.service.js'

export function fulfillmentHandlers(fulfillments: FulfillmentService): Handlers<'createFulfillment', ShopPrincipal> {
  return {
    createFulfillment: ({ auth, body }) => fulfillments.createFulfillment(auth.shopId, body),
  }
}
