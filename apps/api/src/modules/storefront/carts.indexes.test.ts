// The carts table's indexes: a cart's touch changes no indexed column (migration 0025).
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { db, platform, setUpCartCalls } from './testing/cart-calls.js'

setUpCartCalls()

describe('carts indexes', () => {
  it('cover no updated_at, so each change of a cart stays a HOT update on PostgreSQL', async () => {
    const definitions =
      platform.app.platform.database.dialect === 'postgres'
        ? (
            await sql<{
              definition: string
            }>`select indexdef as definition from pg_indexes where tablename = 'carts'`.execute(db)
          ).rows
        : (
            await sql<{
              definition: string | null
            }>`select sql as definition from sqlite_master where type = 'index' and tbl_name = 'carts'`.execute(db)
          ).rows
    const named = definitions.map((row) => row.definition ?? '')
    // The purge's index is there; no index names the column every cart change sets.
    expect(named.some((definition) => /carts_created/.test(definition))).toBe(true)
    expect(named.filter((definition) => /updated_at/.test(definition))).toEqual([])
  })
})
