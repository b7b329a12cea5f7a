import { type Clock, isoTime, systemClock } from '../../clock.js'
import type { Db } from '../../db/database.js'
import { validationError } from '../../errors/domain-error.js'
import type { PageSerializers } from '../../http/serialized-json.js'
import { newId } from '../../ids.js'
import { createKeptPages } from '../caching/kept-pages.js'
import { recordEvent } from '../events/event-outbox.js'
import { type PageRequest, toPage } from '../paging/paging.js'
import { toMailingListEntryResource } from './mailing-list.mapper.js'
import {
  countMailingListEntries,
  findMailingListEntry,
  insertMailingListEntryIfNew,
  listMailingListEntries,
} from './mailing-list.repository.js'

export function createMailingListService(db: Db, options: { clock?: Clock; entryPage: PageSerializers }) {
  const clock = options.clock ?? systemClock
  /** Pages kept while the database is unchanged (caching/kept-pages.ts; a few KB each). */
  const keptPages = createKeptPages(db, options.entryPage, { maxEntries: 32 })

  async function listEntries(shopId: string, page: PageRequest) {
    const [rows, total] = await Promise.all([
      listMailingListEntries(db, shopId, page),
      countMailingListEntries(db, shopId),
    ])
    return toPage(rows.map(toMailingListEntryResource), total, page)
  }

  return {
    listEntries,

    /** `listEntries` as the wire answer, kept while the database is unchanged (decision 0048). */
    listEntriesJson: (shopId: string, page: PageRequest) =>
      keptPages([shopId, page.offset, page.size, page.page], () => listEntries(shopId, page)),

    /**
     * Someone joins the shop's mailing list: the entry is written and NEWSLETTER_SUBSCRIBED
     * (`data` = `{email}`) recorded in one transaction. An address already on the list changes
     * nothing and records nothing (`subscribed: false`); the unique (shop, email) settles races.
     */
    async subscribe(shopId: string, email: string) {
      const address = email.trim()
      if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
        throw validationError([
          { location: 'body', field: 'email', rule: 'format', message: 'must be an email address' },
        ])
      }
      return db.transaction().execute(async (trx) => {
        const now = clock.now()
        const entry = { id: newId('mailingListEntry'), shop_id: shopId, email: address, created_at: isoTime(now) }
        if (!(await insertMailingListEntryIfNew(trx, entry))) {
          const existing = await findMailingListEntry(trx, shopId, address)
          return { entry: toMailingListEntryResource(existing ?? entry), subscribed: false }
        }
        await recordEvent(trx, { shopId, type: 'NEWSLETTER_SUBSCRIBED', data: { email: address } }, now)
        return { entry: toMailingListEntryResource(entry), subscribed: true }
      })
    },
  }
}

export type MailingListService = ReturnType<typeof createMailingListService>
