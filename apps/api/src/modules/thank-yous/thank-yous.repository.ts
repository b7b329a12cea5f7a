import type { Executor } from '../../db/database.js'
import type { ThankYousTable } from '../../db/schema.js'

export function findThankYou(db: Executor, shopId: string, thankYouId: string) {
  return db
    .selectFrom('thank_yous')
    .selectAll()
    .where('shop_id', '=', shopId)
    .where('id', '=', thankYouId)
    .executeTakeFirst()
}

/** The id of the shop's most recent thank-you (ties: the greatest id); undefined when it has none. */
export async function findNewestThankYouId(db: Executor, shopId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('thank_yous')
    .select('id')
    .where('shop_id', '=', shopId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

export async function insertThankYou(db: Executor, thankYou: ThankYousTable): Promise<void> {
  await db.insertInto('thank_yous').values(thankYou).execute()
}

/** The id of the shop's newest completed donation no thank-you was sent for; undefined when none. */
export async function findNewestUnthankedDonationId(db: Executor, shopId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('donations as d')
    .leftJoin('thank_yous as t', (join) =>
      join.onRef('t.contribution_id', '=', 'd.id').on('t.contribution_type', '=', 'DONATION'),
    )
    .select('d.id')
    .where('d.shop_id', '=', shopId)
    .where('d.status', '=', 'COMPLETED')
    .where('t.id', 'is', null)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id
}

/** Contributions with a record of their own in the shop (membership payments have none). */
export type ThankableContribution = 'DONATION' | 'GIFT_PURCHASE' | 'ORDER'

export interface ContributionSupporter {
  email: string
  username: string | null
  message: string | null
  /** The donation's or order's status; null for a gift purchase (it has none). */
  status: string | null
}

/** Who made a contribution of the shop, from its own record; undefined when the shop has none. */
export async function findContributionSupporter(
  db: Executor,
  shopId: string,
  type: ThankableContribution,
  id: string,
): Promise<ContributionSupporter | undefined> {
  switch (type) {
    case 'DONATION':
      return db
        .selectFrom('donations')
        .select(['email', 'username', 'message', 'status'])
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .executeTakeFirst()
    case 'GIFT_PURCHASE': {
      const purchase = await db
        .selectFrom('gift_purchases')
        .select(['email', 'username', 'message'])
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .executeTakeFirst()
      return purchase && { ...purchase, status: null }
    }
    case 'ORDER':
      return db
        .selectFrom('orders')
        .select(['email', 'username', 'message', 'status'])
        .where('shop_id', '=', shopId)
        .where('id', '=', id)
        .executeTakeFirst()
  }
}

/**
 * What a thank-you's card shows, found by the thank-you's id alone: its media URL is the link the
 * creator sends the supporter, so the id is the capability (no shop, no credential).
 */
export function findThankYouCard(db: Executor, thankYouId: string) {
  return db
    .selectFrom('thank_yous as t')
    .innerJoin('shops as s', 's.id', 't.shop_id')
    .select(['t.id', 't.supporter_username', 's.name as shopName'])
    .where('t.id', '=', thankYouId)
    .executeTakeFirst()
}
