import type { HandlerTable, OperationContext } from '../../http/operation-router.js'
import type { ShopPrincipal } from '../../http/principal.js'
import type { FulfillmentRequest, FulfillmentService } from './fulfillments.service.js'

type CreateCtx = OperationContext<Record<string, never>, Record<string, never>, FulfillmentRequest, ShopPrincipal>

export function fulfillmentHandlers(fulfillments: FulfillmentService): HandlerTable {
  return {
    createFulfillment: ({ auth, body }: CreateCtx) => fulfillments.createFulfillment(auth.shopId, body),
  }
}
