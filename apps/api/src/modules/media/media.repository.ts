import { sql } from 'kysely'
import type { Executor } from '../../db/database.js'
import { containsPattern } from '../../db/like-pattern.js'
import type { MediaFilesTable } from '../../db/schema.js'
import type { PageRequest } from '../paging/paging.js'

/** Queries on `media_files` and `media_blobs` (migration 0019). Executor first, shop always named. */

export function insertMediaFile(db: Executor, row: MediaFilesTable): Promise<unknown> {
  return db.insertInto('media_files').values(row).execute()
}

export function insertMediaBlob(db: Executor, key: string, content: Buffer): Promise<unknown> {
  return db.insertInto('media_blobs').values({ key, content }).execute()
}

export async function readMediaBlob(db: Executor, key: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('media_blobs').select('content').where('key', '=', key).executeTakeFirst()
  return row ? Buffer.from(row.content) : undefined
}

/** A file by id, whichever shop it belongs to: the public `/media/files/…` route serves any shop's. */
export function findMediaFile(db: Executor, mediaId: string): Promise<MediaFilesTable | undefined> {
  return db.selectFrom('media_files').selectAll().where('id', '=', mediaId).executeTakeFirst()
}

/** The shop's files among `ids` (a product's images must come from its own shop's library). */
export function findShopMediaFiles(db: Executor, shopId: string, ids: string[]): Promise<MediaFilesTable[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db.selectFrom('media_files').selectAll().where('shop_id', '=', shopId).where('id', 'in', ids).execute()
}

/** A page of the shop's library, newest first; `search` matches the name. */
export async function listMediaFiles(
  db: Executor,
  shopId: string,
  search: string | undefined,
  page: PageRequest,
): Promise<{ rows: MediaFilesTable[]; total: number }> {
  let query = db.selectFrom('media_files').where('shop_id', '=', shopId)
  if (search) query = query.where(sql<boolean>`lower(name) like ${containsPattern(search)} escape '\\'`)
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.total) }
}
