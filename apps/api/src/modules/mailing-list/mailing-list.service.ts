import type { Db } from '../../db/database.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toMailingListEntryResource } from './mailing-list.mapper.js'
import { countMailingListEntries, listMailingListEntries } from './mailing-list.repository.js'

export function createMailingListService(db: Db) {
  return {
    async listEntries(shopId: string, page: PageRequest) {
      const [rows, total] = await Promise.all([
        listMailingListEntries(db, shopId, page),
        countMailingListEntries(db, shopId),
      ])
      return toPage(rows.map(toMailingListEntryResource), total, page)
    },
  }
}

export type MailingListService = ReturnType<typeof createMailingListService>
