import type { Db } from '../../db/database.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toCollectionResource } from './collections.mapper.js'
import { countCollections, listCollections } from './collections.repository.js'

export function createCollectionService(db: Db) {
  return {
    async listCollections(shopId: string, search: string | undefined, page: PageRequest) {
      const [rows, total] = await Promise.all([
        listCollections(db, shopId, search, page),
        countCollections(db, shopId, search),
      ])
      return toPage(rows.map(toCollectionResource), total, page)
    },
  }
}

export type CollectionService = ReturnType<typeof createCollectionService>
