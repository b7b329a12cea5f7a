import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopRow } from '../testing/shop-row.js'
import { createTestDatabase } from '../testing/test-database.js'
import { type DatabaseHandle, migrateToLatest } from './database.js'
import { precompile } from './precompiled.js'

describe('precompile', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase()
    await migrateToLatest(database.db)
    for (const id of ['sh_pre_1', 'sh_pre_2']) {
      await database.db
        .insertInto('shops')
        .values(shopRow(id, { currency: id === 'sh_pre_1' ? 'USD' : 'EUR' }))
        .execute()
    }
  })
  afterAll(() => database.close())

  it('runs the compiled query with each call’s parameters, keeping the values the query fixes', async () => {
    const byIdAndCurrency = precompile(database.db, 2, (db, id: string, currency: string) =>
      db
        .selectFrom('shops')
        .select(['id', 'name'])
        .where('id', '=', id)
        .where('currency', '=', currency)
        .where('public_domain', '=', ''),
    )
    expect(await byIdAndCurrency(database.db, 'sh_pre_1', 'USD')).toEqual([{ id: 'sh_pre_1', name: 'Shop sh_pre_1' }])
    expect(await byIdAndCurrency(database.db, 'sh_pre_2', 'EUR')).toEqual([{ id: 'sh_pre_2', name: 'Shop sh_pre_2' }])
    expect(await byIdAndCurrency(database.db, 'sh_pre_2', 'USD')).toEqual([])
  })

  it('runs writes, and inside a transaction on its connection', async () => {
    const rename = precompile(database.db, 2, (db, name: string, id: string) =>
      db.updateTable('shops').set({ name }).where('id', '=', id),
    )
    await database.db.transaction().execute(async (trx) => {
      await rename(trx, 'Renamed', 'sh_pre_1')
      const row = await trx.selectFrom('shops').select('name').where('id', '=', 'sh_pre_1').executeTakeFirst()
      expect(row?.name).toBe('Renamed')
    })
    const after = await database.db.selectFrom('shops').select('name').where('id', '=', 'sh_pre_1').executeTakeFirst()
    expect(after?.name).toBe('Renamed')
  })

  it('refuses a parameter the compiled SQL does not bind', () => {
    expect(() =>
      precompile(database.db, 1, (db, _unused: string) =>
        db.selectFrom('shops').select('id').where('id', '=', 'fixed'),
      ),
    ).toThrow('parameter 0 is not a bound value')
  })
})
