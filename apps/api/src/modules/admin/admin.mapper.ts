import type { AdminRes, AdminSchema, Res } from '@fanshelf/contract'
import type { ApiUsersTable, OrderStatusChangesTable, PromotionsTable } from '../../db/schema.js'
import type { CreatedApiUser } from '../api-users/api-users.service.js'
import type { FulfillmentView } from '../fulfillments/fulfillments.mapper.js'
import type { OrderResource } from '../orders/orders.mapper.js'
import { nextPromotionStatus, promotionStatusActions } from '../promotions/promotion-status.js'
import type { StorefrontToken } from '../storefront/storefront-tokens.service.js'

/** The admin backend's own resources (the contract's are built by their modules' mappers). */

/** An API user without its password hash. */
export function toApiUserResource(user: ApiUsersTable) {
  return {
    id: user.id,
    username: user.username,
    createdBy: user.created_by,
    createdAt: user.created_at,
    lastUsedAt: user.last_used_at,
  } satisfies AdminSchema<'AdminApiUser'>
}

/** A new API user: the only time its password is shown. */
export function toCreatedApiUserResource(user: CreatedApiUser) {
  return {
    id: user.id,
    username: user.username,
    password: user.password,
    createdAt: user.createdAt,
  } satisfies AdminRes<'createAdminApiUser'>
}

export function toStorefrontTokenResource(token: StorefrontToken | undefined) {
  return {
    token: token ? { id: token.tokenId, value: token.token, createdAt: token.createdAt } : null,
  } satisfies AdminRes<'getAdminStorefrontToken'>
}

type StatusChange = AdminRes<'getAdminOrderDetail'>['statusHistory'][number]

export function toStatusChangeResource(change: OrderStatusChangesTable) {
  return {
    // The table stores the status as text; only the order status table's statuses are written to it.
    status: change.status as StatusChange['status'],
    reason: change.reason,
    at: change.created_at,
  } satisfies StatusChange
}

/** What is ordered, already in a fulfilment and still to ship, per variant (in order of the lines). */
function toFulfillableItems(order: OrderResource, fulfillments: FulfillmentView[]) {
  const fulfilled = new Map<string, number>()
  for (const shipment of fulfillments) {
    for (const item of shipment.items)
      fulfilled.set(item.variantId, (fulfilled.get(item.variantId) ?? 0) + item.quantity)
  }
  const ordered = new Map<string, { variantId: string; name: string; sku: string; quantity: number }>()
  for (const offer of order.offers) {
    const variant = offer.variant
    const entry = ordered.get(variant.id)
    if (entry) entry.quantity += variant.quantity
    else
      ordered.set(variant.id, {
        variantId: variant.id,
        name: `${String(offer.name)} — ${String(variant.name)}`,
        sku: String(variant.sku),
        quantity: variant.quantity,
      })
  }
  return [...ordered.values()].map((line) => {
    const done = fulfilled.get(line.variantId) ?? 0
    return { ...line, fulfilled: done, remaining: Math.max(0, line.quantity - done) }
  })
}

export function toOrderDetailResource(
  order: OrderResource,
  fulfillments: FulfillmentView[],
  history: OrderStatusChangesTable[],
  actions: { canCancel: boolean; canComplete: boolean },
) {
  const items = toFulfillableItems(order, fulfillments)
  return {
    // The orders mapper's `Order`, asserted as the open API's handlers do (orders.routes.ts).
    order: order as Res<'getOrder'>,
    fulfillments,
    statusHistory: history.map(toStatusChangeResource),
    fulfillable: items,
    actions: {
      ...actions,
      canFulfill: order.status !== 'CANCELLED' && items.some((item) => item.remaining > 0),
    },
  } satisfies AdminRes<'getAdminOrderDetail'>
}

/** A promotion (contract shape) with the status actions its status table allows the creator. */
export function withPromotionActions<T extends { status: PromotionsTable['status'] }>(promotion: T) {
  const allowedActions = promotionStatusActions.filter(
    (action): action is AdminSchema<'AdminPromotionAction'> =>
      action !== 'useUp' && nextPromotionStatus(promotion.status, action) !== undefined,
  )
  return { ...promotion, allowedActions }
}
