import type { Dialect, Executor } from '../../db/database.js'
import type { WebhookConfigurationsTable } from '../../db/schema.js'
import type { PageRequest } from '../paging/paging.js'

/**
 * Who may see a configuration: the shop's API users see the shop's own (app_id null), a platform
 * app sees only the ones it created on this shop.
 */
export interface WebhookOwner {
  shopId: string
  appId: string | null
}

function ownedConfigurations(db: Executor, owner: WebhookOwner) {
  const query = db.selectFrom('webhook_configurations').where('shop_id', '=', owner.shopId)
  return owner.appId === null ? query.where('app_id', 'is', null) : query.where('app_id', '=', owner.appId)
}

export function listWebhookConfigurations(db: Executor, owner: WebhookOwner, page: PageRequest) {
  return ownedConfigurations(db, owner)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.size)
    .offset(page.offset)
    .execute()
}

export async function countWebhookConfigurations(db: Executor, owner: WebhookOwner): Promise<number> {
  const row = await ownedConfigurations(db, owner)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findWebhookConfiguration(db: Executor, owner: WebhookOwner, webhookConfigurationId: string) {
  return ownedConfigurations(db, owner).selectAll().where('id', '=', webhookConfigurationId).executeTakeFirst()
}

/** The configuration row, locked on PostgreSQL (against a concurrent update or delete). */
export function findOwnedConfigurationForUpdate(
  db: Executor,
  owner: WebhookOwner,
  webhookConfigurationId: string,
  lock: Dialect,
) {
  return ownedConfigurations(db, owner)
    .selectAll()
    .where('id', '=', webhookConfigurationId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export async function insertWebhookConfiguration(db: Executor, configuration: WebhookConfigurationsTable) {
  await db.insertInto('webhook_configurations').values(configuration).execute()
}

export async function updateWebhookConfiguration(
  db: Executor,
  configuration: { shop_id: string; id: string },
  values: Pick<
    WebhookConfigurationsTable,
    'url' | 'allowed_types' | 'enabled' | 'disabled_reason' | 'failing_since' | 'updated_at'
  >,
) {
  await db
    .updateTable('webhook_configurations')
    .set(values)
    .where('shop_id', '=', configuration.shop_id)
    .where('id', '=', configuration.id)
    .execute()
}

/** Deletes a configuration with its deliveries (queued ones are dropped) and their attempts. */
export async function deleteWebhookConfiguration(db: Executor, configuration: { shop_id: string; id: string }) {
  const deliveries = db
    .selectFrom('webhook_events')
    .select('id')
    .where('shop_id', '=', configuration.shop_id)
    .where('configuration_id', '=', configuration.id)
  await db.deleteFrom('webhook_attempts').where('webhook_event_id', 'in', deliveries).execute()
  await db
    .deleteFrom('webhook_events')
    .where('shop_id', '=', configuration.shop_id)
    .where('configuration_id', '=', configuration.id)
    .execute()
  await db
    .deleteFrom('webhook_configurations')
    .where('shop_id', '=', configuration.shop_id)
    .where('id', '=', configuration.id)
    .execute()
}
