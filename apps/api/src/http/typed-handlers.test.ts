import type { OperationId, PathOperationId, WebhookOperationId } from '@fanshelf/contract'
import { describe, expectTypeOf, it } from 'vitest'
import type { openApiHandlers } from '../routes.js'
import type { ShopPrincipal } from './principal.js'
import {
  combineHandlers,
  type Handler,
  type Handlers,
  type OperationHandlers,
  type RoutedOperationId,
  selfRoutedOperations,
} from './typed-handlers.js'

/*
 * Type-level tests: the root typecheck (`tsc -p tsconfig.json`) compiles this file, so each
 * `@ts-expect-error` below fails the typecheck the day its line stops being an error. The `it`s run
 * the few statements that have a value at all.
 */

// Stand-ins with the types under test; no handler is ever called.
const everyHandler = {} as OperationHandlers
const getOrder = (() => undefined) as unknown as Handler<'getOrder', ShopPrincipal>
const listOrders = (() => undefined) as unknown as Handler<'listOrders', ShopPrincipal>

describe('the router’s handler table', () => {
  it('needs a handler for every routed operation', () => {
    const { getOrder: _dropped, ...withoutGetOrder } = everyHandler
    // @ts-expect-error a table without getOrder's handler is not the router's table
    const incomplete: OperationHandlers = withoutGetOrder
    expectTypeOf(incomplete).toEqualTypeOf<OperationHandlers>()
  })

  it('refuses two handlers for one operation', () => {
    const orders: Handlers<'getOrder' | 'listOrders', ShopPrincipal> = { getOrder, listOrders }
    const order: Handlers<'getOrder', ShopPrincipal> = { getOrder }
    const once = combineHandlers(orders, { getWebhookSecret: everyHandler.getWebhookSecret })
    expectTypeOf(once).toHaveProperty('getOrder')
    // @ts-expect-error getOrder would have two handlers
    combineHandlers(orders, order)
  })

  it('refuses a handler for an operation the contracts lack or the router does not serve', () => {
    // @ts-expect-error no contract has an operation `getOrders`
    const unknown: Handlers<'getOrders'> = {}
    // @ts-expect-error webhooks are sent, not served
    const webhook: Handlers<'orderPlacedEvent'> = {}
    // @ts-expect-error the OAuth token endpoint has its own route (platform-apps/)
    const selfRouted: Handlers<'exchangePlatformToken'> = {}
    // @ts-expect-error an extra key beside the routed operations
    combineHandlers({ getOrder }, { notAnOperation: getOrder })
    expectTypeOf([unknown, webhook, selfRouted]).toBeArray()
  })

  it('is what the composition root builds', () => {
    expectTypeOf<ReturnType<typeof openApiHandlers>>().toEqualTypeOf<OperationHandlers>()
    expectTypeOf<keyof OperationHandlers>().toEqualTypeOf<RoutedOperationId>()
  })
})

describe('the operations of the contracts', () => {
  it('tells webhooks from served operations', () => {
    expectTypeOf<WebhookOperationId>().toEqualTypeOf<
      | 'orderPlacedEvent'
      | 'orderUpdatedEvent'
      | 'giftPurchaseEvent'
      | 'giftDrawStartedEvent'
      | 'giftDrawEndedEvent'
      | 'productCreatedEvent'
      | 'productUpdatedEvent'
      | 'donationEvent'
      | 'subscriptionPurchasedEvent'
      | 'subscriptionExpiredEvent'
      | 'subscriptionChangedEvent'
      | 'newsletterSubscribedEvent'
      | 'thankYouSentEvent'
      | 'promotionCreatedEvent'
      | 'promotionUpdatedEvent'
      | 'promotionStatusChangedEvent'
      | 'platformAppDisconnectedEvent'
    >()
    expectTypeOf<PathOperationId | WebhookOperationId>().toEqualTypeOf<OperationId>()
    expectTypeOf<'getOrder'>().toExtend<RoutedOperationId>()
    expectTypeOf<'getStorefrontShop'>().toExtend<RoutedOperationId>()
    expectTypeOf<'createGiveaway'>().toExtend<RoutedOperationId>()
    expectTypeOf(selfRoutedOperations).items.toExtend<PathOperationId>()
  })
})
