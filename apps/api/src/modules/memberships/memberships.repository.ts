import type { Executor } from '../../db/database.js'
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
