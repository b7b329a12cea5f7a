import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import type { MembersTable } from '../../db/schema.js'
import type { PageRequest } from '../paging/paging.js'

export function listMembershipTiers(db: Executor, shopId: string) {
  return db
    .selectFrom('membership_tiers')
    .selectAll()
    .where('shop_id', '=', shopId)
    .orderBy('position')
    .orderBy('id')
    .execute()
}

export function listTierVariants(db: Executor, shopId: string, tierIds: string[]) {
  if (tierIds.length === 0) return Promise.resolve([])
  return db
    .selectFrom('membership_tier_variants')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('tier_id', 'in', tierIds)
    .orderBy('tier_id')
    .orderBy('id')
    .execute()
}

/** Members with the tier variant of their subscription (none for `NONE`). */
function membersWithVariant(db: Executor, shopId: string) {
  return db
    .selectFrom('members')
    .leftJoin('membership_tier_variants as variant', 'variant.id', 'members.variant_id')
    .selectAll('members')
    .select([
      'variant.tier_id as variant_tier_id',
      'variant.interval as variant_interval',
      'variant.currency as variant_currency',
      'variant.amount as variant_amount',
      'variant.offer_id as variant_offer_id',
    ])
    .where('members.shop_id', '=', shopId)
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>

export function listMembers(db: Executor, shopId: string, page: PageRequest) {
  return membersWithVariant(db, shopId)
    .orderBy('members.created_at', 'desc')
    .orderBy('members.id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countMembers(db: Executor, shopId: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('shop_id', '=', shopId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findMember(db: Executor, shopId: string, memberId: string) {
  return membersWithVariant(db, shopId).where('members.id', '=', memberId).executeTakeFirst()
}

export function findMemberByEmail(db: Executor, shopId: string, email: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('email', '=', email)
    .executeTakeFirst()
}

export function findMemberRow(db: Executor, shopId: string, memberId: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', memberId)
    .executeTakeFirst()
}

/** The id of the shop's member whose subscription is `type` and changed least recently (ties: the least id). */
export async function findMemberIdWithSubscription(
  db: Executor,
  shopId: string,
  type: MembersTable['subscription_type'],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('subscription_type', '=', type)
    .orderBy('updated_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

export function findTierVariant(db: Executor, shopId: string, variantId: string) {
  return db
    .selectFrom('membership_tier_variants')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', variantId)
    .executeTakeFirst()
}

/** Member ids are numeric strings (the platform's): the next one after the largest. */
export async function nextMemberId(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('members')
    .select(sql<number | string | null>`max(cast(id as bigint))`.as('max'))
    .executeTakeFirst()
  return String(Number(row?.max ?? 0) + 1)
}

export async function insertMember(db: Executor, member: MembersTable): Promise<void> {
  await db.insertInto('members').values(member).execute()
}

/** Moves a member's subscription, if it is still `from` (answers whether it did). */
export async function updateMemberSubscription(
  db: Executor,
  member: MembersTable,
  changes: Pick<MembersTable, 'subscription_type' | 'variant_id' | 'updated_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set(changes)
    .where('id', '=', member.id)
    .where('shop_id', '=', member.shop_id)
    .where('subscription_type', '=', member.subscription_type)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
