import type { Executor } from '../../db/database.js'

export function listStreamingServices(db: Executor, shopId: string) {
  return db.selectFrom('streaming_services').selectAll().where('shop_id', '=', shopId).orderBy('type').execute()
}

/** Whether any of the shop's streaming services is ONLINE (gift purchases open draws only then). */
export async function isShopStreaming(db: Executor, shopId: string): Promise<boolean> {
  const row = await db
    .selectFrom('streaming_services')
    .select('type')
    .where('shop_id', '=', shopId)
    .where('status', '=', 'ONLINE')
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

export interface OnlineService {
  type: string
  broadcasterId: string
  broadcasterLogin: string
  thumbnailUrl: string | null
}

/** Sets a service ONLINE with the broadcaster's details, creating it on its first start. */
export async function upsertOnlineService(
  db: Executor,
  shopId: string,
  service: OnlineService,
  updatedAt: string,
): Promise<void> {
  const values = {
    status: 'ONLINE' as const,
    broadcaster_id: service.broadcasterId,
    broadcaster_login: service.broadcasterLogin,
    thumbnail_url: service.thumbnailUrl,
    updated_at: updatedAt,
  }
  await db
    .insertInto('streaming_services')
    .values({ shop_id: shopId, type: service.type, ...values })
    .onConflict((oc) => oc.columns(['shop_id', 'type']).doUpdateSet(values))
    .execute()
}

/** Sets the listed services OFFLINE, keeping their details; services never started stay absent. */
export async function setServicesOffline(db: Executor, shopId: string, types: string[], updatedAt: string) {
  if (types.length === 0) return
  await db
    .updateTable('streaming_services')
    .set({ status: 'OFFLINE', updated_at: updatedAt })
    .where('shop_id', '=', shopId)
    .where('type', 'in', types)
    .where('status', '=', 'ONLINE')
    .execute()
}
