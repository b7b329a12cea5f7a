import type { MembersTable } from '../../db/schema.js'

/**
 * Membership subscription rules as data: which subscription a member can move to from which, for
 * each kind of change, and the webhook event each change records. `NONE` is no subscription.
 */
export type SubscriptionType = MembersTable['subscription_type']

export type SubscriptionChange = 'purchase' | 'change' | 'expire'

/** From each subscription, the subscriptions a change may lead to (absent: not allowed). */
export const subscriptionTransitions: Readonly<
  Record<SubscriptionChange, Readonly<Partial<Record<SubscriptionType, readonly SubscriptionType[]>>>>
> = {
  // A purchase starts a subscription for someone who has none.
  purchase: { NONE: ['ACTIVE'] },
  // Another tier or interval (stays or becomes ACTIVE), a cancellation running to the end of the
  // period, a failed payment, or a recovery from either.
  change: {
    ACTIVE: ['ACTIVE', 'CANCELLED', 'SUSPENDED'],
    CANCELLED: ['ACTIVE', 'CANCELLED'],
    SUSPENDED: ['ACTIVE', 'SUSPENDED', 'CANCELLED'],
  },
  // The paid period ended without renewal.
  expire: { ACTIVE: ['NONE'], CANCELLED: ['NONE'], SUSPENDED: ['NONE'] },
}

export const subscriptionEvents = {
  purchase: 'SUBSCRIPTION_PURCHASED',
  change: 'SUBSCRIPTION_CHANGED',
  expire: 'SUBSCRIPTION_EXPIRED',
} as const

export function canChangeSubscription(
  change: SubscriptionChange,
  from: SubscriptionType,
  to: SubscriptionType,
): boolean {
  return subscriptionTransitions[change][from]?.includes(to) ?? false
}
