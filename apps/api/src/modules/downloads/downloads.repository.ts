import type { Executor } from '../../db/database.js'
import type { OrderDownloadsTable } from '../../db/schema.js'

/** Of `productIds`, the shop's products that have digital files. */
export async function findDigitalProductIds(db: Executor, shopId: string, productIds: string[]) {
  if (productIds.length === 0) return []
  const rows = await db
    .selectFrom('products')
    .select('id')
    .where('shop_id', '=', shopId)
    .where('id', 'in', productIds)
    .where('digital_files', 'is not', null)
    .execute()
  return rows.map((row) => row.id)
}

export function insertOrderDownload(db: Executor, row: OrderDownloadsTable) {
  return db.insertInto('order_downloads').values(row).execute()
}

export function listOrderDownloads(db: Executor, orderId: string) {
  return db.selectFrom('order_downloads').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute()
}

export function findDownloadByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('order_downloads')
    .innerJoin('orders', 'orders.id', 'order_downloads.order_id')
    .selectAll('order_downloads')
    .select('orders.status as order_status')
    .where('order_downloads.token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** A file's description without its content. */
export function findDigitalFile(db: Executor, shopId: string, fileId: string) {
  return db
    .selectFrom('digital_files')
    .select(['id', 'shop_id', 'product_id', 'name', 'media_type', 'size_bytes', 'sha256', 'storage'])
    .where('shop_id', '=', shopId)
    .where('id', '=', fileId)
    .executeTakeFirst()
}

/** The files of the digital products among an order's lines, in line then file order. */
export function listOrderDigitalFiles(db: Executor, orderId: string) {
  return db
    .selectFrom('order_lines')
    .innerJoin('digital_files', (join) =>
      join
        .onRef('digital_files.product_id', '=', 'order_lines.product_id')
        .onRef('digital_files.shop_id', '=', 'order_lines.shop_id'),
    )
    .select([
      'digital_files.id',
      'digital_files.name',
      'digital_files.media_type',
      'digital_files.size_bytes',
      'order_lines.position',
      'digital_files.position as file_position',
    ])
    .where('order_lines.order_id', '=', orderId)
    .orderBy('order_lines.position')
    .orderBy('digital_files.position')
    .execute()
}

export async function orderHasProduct(db: Executor, orderId: string, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirst()
  return row !== undefined
}

/** Counts a download; the first one sets `downloaded_at`. */
export function recordDownload(db: Executor, downloadId: string, at: string) {
  return db
    .updateTable('order_downloads')
    .set((eb) => ({
      download_count: eb('download_count', '+', 1),
      downloaded_at: eb.fn.coalesce('downloaded_at', eb.val(at)),
    }))
    .where('id', '=', downloadId)
    .execute()
}

export function findShopOrder(db: Executor, shopId: string, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'shop_id'])
    .where('shop_id', '=', shopId)
    .where('id', '=', orderId)
    .executeTakeFirst()
}

export function listOrderProductIds(db: Executor, orderId: string) {
  return db
    .selectFrom('order_lines')
    .select('product_id')
    .where('order_id', '=', orderId)
    .execute()
    .then((rows) => rows.map((row) => row.product_id))
}

/** Marks every download of the order downloaded; one used already keeps its first time. */
export function markOrderDownloadsDownloaded(db: Executor, orderId: string, at: string) {
  return db
    .updateTable('order_downloads')
    .set({ downloaded_at: at })
    .where('order_id', '=', orderId)
    .where('downloaded_at', 'is', null)
    .execute()
}
