import type { MailingListEntriesTable } from '../../db/schema.js'

/** The only place a mailing-list entry's wire shape is built (contract schema `MailingListEntry`). */
export function toMailingListEntryResource(entry: MailingListEntriesTable) {
  return { id: entry.id, email: entry.email }
}
