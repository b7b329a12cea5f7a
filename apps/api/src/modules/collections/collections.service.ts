import type { Db } from '../../db/database.js'
import type { PageSerializers } from '../../http/serialized-json.js'
import { createKeptPages } from '../caching/kept-pages.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toCollectionResource } from './collections.mapper.js'
import { countCollections, listCollections } from './collections.repository.js'

export function createCollectionService(db: Db, options: { collectionPage: PageSerializers }) {
  async function list(shopId: string, search: string | undefined, page: PageRequest) {
    const [rows, total] = await Promise.all([
      listCollections(db, shopId, search, page),
      countCollections(db, shopId, search),
    ])
    return toPage(rows.map(toCollectionResource), total, page)
  }
  /** Pages kept while the database is unchanged (caching/kept-pages.ts; a few KB each). */
  const keptPages = createKeptPages(db, options.collectionPage, { maxEntries: 32 })
  return {
    listCollections: list,
    /** `listCollections` as the wire answer, kept while the database is unchanged (decision 0048). */
    listCollectionsJson: (shopId: string, search: string | undefined, page: PageRequest) =>
      keptPages([shopId, search, page.offset, page.size, page.page], () => list(shopId, search, page)),
  }
}

export type CollectionService = ReturnType<typeof createCollectionService>
