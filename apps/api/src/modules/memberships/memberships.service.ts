import { type Clock, isoTime, systemClock } from '../../clock.js'
import type { Db, Executor } from '../../db/database.js'
import type { MembershipTierVariantsTable, MembersTable } from '../../db/schema.js'
import { DomainError, notFound, validationError } from '../../errors/domain-error.js'
import type { PageSerializers, SerializedJson } from '../../http/serialized-json.js'
import { createKeptPages } from '../caching/kept-pages.js'
import { createStampedCache } from '../caching/stamped-cache.js'
import { recordEvent } from '../events/event-outbox.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toMemberResource, toMembershipTierResource } from './memberships.mapper.js'
import {
  countMembers,
  findMember,
  findMemberByEmail,
  findMemberIdWithSubscription,
  findMemberRow,
  findTierVariant,
  insertMember,
  listMembers,
  listMembershipTiers,
  listTierVariants,
  nextMemberId,
  updateMemberSubscription,
} from './memberships.repository.js'
import {
  canChangeSubscription,
  type SubscriptionChange,
  type SubscriptionType,
  subscriptionEvents,
} from './subscription-status.js'

/** A subscription bought by a supporter (a member already, or new to the shop). */
export interface SubscriptionPurchase {
  email: string
  nickname: string
  /** The tier variant (tier and interval) paid for. */
  variantId: string
}

/** What changes in a subscription: another tier variant and/or its state. */
export interface SubscriptionUpdate {
  variantId?: string
  type?: Exclude<SubscriptionType, 'NONE'>
}

function memberNotFound(memberId: string) {
  return notFound('MEMBERSHIP_SUPPORTER_NOT_FOUND_BY_ID_ERROR', `No member ${memberId} in this shop.`, { memberId })
}

function subscriptionTransitionNotAllowed(member: MembersTable, change: SubscriptionChange, to: SubscriptionType) {
  return new DomainError(
    'MEMBERSHIP_SUBSCRIPTION_TRANSITION_NOT_ALLOWED',
    `Member ${member.id}'s subscription is ${member.subscription_type}: a ${change} cannot make it ${to}.`,
    { memberId: member.id, subscription: member.subscription_type, change, requested: to },
  )
}

/** Membership tiers and members (beta operations), and the subscription changes members make. */
export function createMembershipService(
  db: Db,
  options: { clock?: Clock; memberPage: PageSerializers; serializeTiers: (tiers: unknown) => SerializedJson },
) {
  const clock = options.clock ?? systemClock
  /** Member pages kept while the database is unchanged (caching/kept-pages.ts; a few KB each). */
  const keptMemberPages = createKeptPages(db, options.memberPage, { maxEntries: 32 })
  /** Each shop's tier list as its wire answer, kept likewise (one per shop, at most 32 shops). */
  const keptTiers = createStampedCache<SerializedJson>(db, { maxEntries: 32 })

  async function listTiers(shopId: string) {
    const tiers = await listMembershipTiers(db, shopId)
    const variants = await listTierVariants(
      db,
      shopId,
      tiers.map((tier) => tier.id),
    )
    const byTier = new Map<string, MembershipTierVariantsTable[]>()
    for (const variant of variants) {
      const list = byTier.get(variant.tier_id)
      if (list) list.push(variant)
      else byTier.set(variant.tier_id, [variant])
    }
    return tiers.map((tier) => toMembershipTierResource(tier, byTier.get(tier.id) ?? []))
  }

  async function listMemberPage(shopId: string, page: PageRequest) {
    const [rows, total] = await Promise.all([listMembers(db, shopId, page), countMembers(db, shopId)])
    return toPage(rows.map(toMemberResource), total, page)
  }

  async function getMember(shopId: string, memberId: string, executor: Executor = db) {
    const member = await findMember(executor, shopId, memberId)
    if (!member) throw memberNotFound(memberId)
    return toMemberResource(member)
  }

  async function getTierVariant(trx: Executor, shopId: string, variantId: string) {
    const variant = await findTierVariant(trx, shopId, variantId)
    if (!variant) {
      throw notFound('MEMBERSHIP_TIER_VARIANT_NOT_FOUND', `No membership tier variant ${variantId} in this shop.`, {
        variantId,
      })
    }
    return variant
  }

  /**
   * Moves the member's subscription by the transition table, then records the change's event
   * (`data` = the member after it), in the caller's transaction.
   */
  async function moveSubscription(
    trx: Executor,
    member: MembersTable,
    change: SubscriptionChange,
    to: SubscriptionType,
    variant: MembershipTierVariantsTable | null,
  ) {
    if (!canChangeSubscription(change, member.subscription_type, to)) {
      throw subscriptionTransitionNotAllowed(member, change, to)
    }
    const now = clock.now()
    const expired = change === 'expire' ? (await getMember(member.shop_id, member.id, trx)).subscription : undefined
    const changes = { subscription_type: to, variant_id: variant?.id ?? null, updated_at: isoTime(now) }
    if (!(await updateMemberSubscription(trx, member, changes))) {
      throw new Error(`Member ${member.id} changed while their subscription was being changed`)
    }
    const resource = await getMember(member.shop_id, member.id, trx)
    // SUBSCRIPTION_EXPIRED carries the subscription that expired — its last type and tier variant,
    // which receivers read (`subscription.variant`) — while the member's own is NONE from now on
    // (decision 0021).
    const data = expired === undefined ? resource : { ...resource, subscription: expired }
    await recordEvent(trx, { shopId: member.shop_id, type: subscriptionEvents[change], data }, now)
    return resource
  }

  return {
    listTiers,

    /**
     * `listTiers` as the wire answer, kept while the database is unchanged (decision 0048,
     * amendment): the answer depends on the stored tiers alone, not on the clock or the caller.
     */
    listTiersJson: (shopId: string) =>
      keptTiers.get(shopId, async () => options.serializeTiers(await listTiers(shopId))),

    listMembers: listMemberPage,

    /** `listMembers` as the wire answer, kept while the database is unchanged (decision 0048). */
    listMembersJson: (shopId: string, page: PageRequest) =>
      keptMemberPages([shopId, page.offset, page.size, page.page], () => listMemberPage(shopId, page)),

    getMember,

    /**
     * The id of the shop's member whose subscription is of the first of `types` any member has
     * (within a type, the one changed least recently); undefined when no member has any of them.
     */
    async findMemberWithSubscription(
      shopId: string,
      types: readonly MembersTable['subscription_type'][],
    ): Promise<string | undefined> {
      for (const type of types) {
        const memberId = await findMemberIdWithSubscription(db, shopId, type)
        if (memberId !== undefined) return memberId
      }
      return undefined
    },

    /**
     * A supporter buys a subscription: a new member, or a member without one (`NONE`), becomes
     * ACTIVE on the variant; SUBSCRIPTION_PURCHASED is recorded with the member. A member with a
     * subscription changes it instead (409 MEMBERSHIP_SUBSCRIPTION_TRANSITION_NOT_ALLOWED).
     */
    async purchaseSubscription(shopId: string, purchase: SubscriptionPurchase) {
      const email = purchase.email.trim()
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        throw validationError([
          { location: 'body', field: 'email', rule: 'format', message: 'must be an email address' },
        ])
      }
      return db.transaction().execute(async (trx) => {
        const variant = await getTierVariant(trx, shopId, purchase.variantId)
        let member = await findMemberByEmail(trx, shopId, email)
        if (!member) {
          const at = isoTime(clock.now())
          member = {
            id: await nextMemberId(trx),
            shop_id: shopId,
            email,
            nickname: purchase.nickname,
            subscription_type: 'NONE',
            variant_id: null,
            created_at: at,
            updated_at: at,
          }
          await insertMember(trx, member)
        }
        return moveSubscription(trx, member, 'purchase', 'ACTIVE', variant)
      })
    },

    /**
     * Another tier or interval, a cancellation (CANCELLED runs to the end of the paid period), a
     * failed payment (SUSPENDED) or a recovery (ACTIVE), by the transition table; records
     * SUBSCRIPTION_CHANGED with the member after the change.
     */
    async changeSubscription(shopId: string, memberId: string, update: SubscriptionUpdate) {
      return db.transaction().execute(async (trx) => {
        const member = await findMemberRow(trx, shopId, memberId)
        if (!member) throw memberNotFound(memberId)
        const variantId = update.variantId ?? member.variant_id
        const variant = variantId === null ? null : await getTierVariant(trx, shopId, variantId)
        const to = update.type ?? (member.subscription_type === 'NONE' ? 'ACTIVE' : member.subscription_type)
        if (to === member.subscription_type && variant?.id === member.variant_id) {
          throw validationError([{ location: 'body', field: '', rule: 'change', message: 'changes nothing' }])
        }
        return moveSubscription(trx, member, 'change', to, variant)
      })
    },

    /** The paid period ended without renewal: the subscription becomes NONE; records SUBSCRIPTION_EXPIRED. */
    async expireSubscription(shopId: string, memberId: string) {
      return db.transaction().execute(async (trx) => {
        const member = await findMemberRow(trx, shopId, memberId)
        if (!member) throw memberNotFound(memberId)
        return moveSubscription(trx, member, 'expire', 'NONE', null)
      })
    },
  }
}

export type MembershipService = ReturnType<typeof createMembershipService>
