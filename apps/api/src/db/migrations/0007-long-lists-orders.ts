import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * Long lists, orders (decision 0016; a second step of 0007-long-lists, which databases may have run
 * already).
 *
 * - `orders_shop_status_created` (shop_id, status, created_at, id) replaces `orders_shop_status`
 *   (shop_id, status, created_at), of which it is an extension: a status-filtered page of orders is
 *   sorted on index entries (the id breaks ties in the list's order) and only its own rows are read.
 *   Every query the old index served (status counts and filters) is served by its prefix.
 *   A SQLite database that was analysed before gets the new index's statistics too: without them
 *   the planner takes it for a small one and sorts a whole shop's orders through it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_shop_status_created')
    .on('orders')
    .columns(['shop_id', 'status', 'created_at', 'id'])
    .execute()
  await db.schema.dropIndex('orders_shop_status').execute()
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const { rows } = await sql`select name from sqlite_master where name = 'sqlite_stat1'`.execute(db)
    if (rows.length > 0) await sql`analyze orders_shop_status_created`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_shop_status').on('orders').columns(['shop_id', 'status', 'created_at']).execute()
  await db.schema.dropIndex('orders_shop_status_created').execute()
}
