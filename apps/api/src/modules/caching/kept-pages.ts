import type { Kysely } from 'kysely'
import type { PageSerializers, SerializedJson } from '../../http/serialized-json.js'
import type { ChangeStamp } from '../paging/long-lists.js'
import type { Page } from '../paging/paging.js'
import { createStampedCache } from './stamped-cache.js'

/**
 * A list operation's pages as wire answers (decision 0048): serialized once to UTF-8 with the
 * contract's schemas (`pageSerializers`) and kept while the database is unchanged
 * (stamped-cache.ts), so a repeated page costs a shared change-stamp read, not its queries. Only for
 * reads whose answer depends on the stored data and the key alone (not on the clock or the caller);
 * `key` holds every input of the read.
 */
export function createKeptPages(
  // biome-ignore lint/suspicious/noExplicitAny: any table set: the stamp queries name no table.
  db: Kysely<any>,
  serializers: PageSerializers,
  options: { maxEntries: number; readStamp?: ChangeStamp },
) {
  const answers = createStampedCache<SerializedJson>(db, options)
  return (key: readonly unknown[], read: () => Promise<Page<unknown>>): Promise<SerializedJson> =>
    answers.get(JSON.stringify(key), async () => {
      const { results, ...meta } = await read()
      return serializers.page(
        meta,
        results.map((item) => serializers.item(item)),
      )
    })
}
