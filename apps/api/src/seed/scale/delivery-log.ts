import type { DatabaseHandle } from '../../db/database.js'
import { webhookApiVersion, webhookEventTypes } from '../../modules/events/event-types.js'
import { seedAnchorMs } from '../demo-data.js'
import { Prng } from '../prng.js'
import { BulkLoader } from './bulk-insert.js'
import { addFillerEvents, type Configuration, Timeline, writeEvents } from './event-writer.js'
import { scaleSeed } from './large-shop.js'
import { declareTables } from './scale-columns.js'
import { json } from './scale-units.js'

/**
 * Gives an existing shop (the demo shop, for the small side of a comparison) a delivery log of
 * `events` events: one webhook configuration receiving every type, the events spread over the
 * delivery log's 30 days before the anchor, each delivered (or failed) with its attempts.
 */
export async function seedDeliveryLog(
  handle: DatabaseHandle,
  options: { shopId: string; events: number; seed?: string; anchorMs?: number },
): Promise<Record<string, number>> {
  const anchorMs = options.anchorMs ?? seedAnchorMs
  const prng = new Prng(`${options.seed ?? scaleSeed}/delivery-log/${options.shopId}`)
  const shop = await handle.db
    .selectFrom('shops')
    .select(['currency', 'created_at'])
    .where('id', '=', options.shopId)
    .executeTakeFirstOrThrow()
  const products = await handle.db
    .selectFrom('products')
    .select(['id', 'name', 'slug'])
    .where('shop_id', '=', options.shopId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const emails = (
    await handle.db
      .selectFrom('orders')
      .select('email')
      .distinct()
      .where('shop_id', '=', options.shopId)
      .orderBy('email')
      .execute()
  ).map((row) => row.email)
  const configuration: Configuration = {
    id: prng.id('webhookConfiguration'),
    types: null,
    sinceMs: Date.parse(shop.created_at),
  }
  await handle.db
    .insertInto('webhook_configurations')
    .values({
      id: configuration.id,
      shop_id: options.shopId,
      app_id: null,
      url: 'https://hooks.example.com/fanshelf/scale',
      allowed_types: json(webhookEventTypes),
      api_version: webhookApiVersion,
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: shop.created_at,
      updated_at: shop.created_at,
    })
    .execute()
  const loader = new BulkLoader(handle)
  declareTables(loader)
  const timeline = new Timeline()
  addFillerEvents(timeline, prng, options.events, anchorMs, products.length)
  await writeEvents(loader, prng, timeline, {
    shopId: options.shopId,
    currency: shop.currency,
    anchorMs,
    configurations: [configuration],
    orders: { ids: [], friendlyIds: [], emails: [], totals: new Int32Array(0), createdMs: new Float64Array(0) },
    products,
    emails: emails.length > 0 ? emails : ['supporter@example.com'],
  })
  await loader.drain()
  return loader.counts()
}
