import { sql } from 'kysely'
import type { DatabaseHandle } from '../../../db/database.js'

/**
 * Makes the database itself refuse every INSERT into `table` (a trigger), until the returned
 * function is called — a real failure in the middle of a service's transaction, without a seam in
 * the code under test. Tests use it on `events` to prove that a change and its event commit or roll
 * back together.
 */
export async function refuseInserts(database: DatabaseHandle, table: string): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(table)) throw new Error(`Bad table name ${table}`)
  const trigger = `refuse_inserts_${table}`
  const { db } = database
  if (database.dialect === 'sqlite') {
    await sql
      .raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'forced failure'); END`)
      .execute(db)
    return async () => {
      await sql.raw(`DROP TRIGGER ${trigger}`).execute(db)
    }
  }
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION fanshelf_refuse_insert() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'forced failure'; END $$ LANGUAGE plpgsql`,
    )
    .execute(db)
  await sql
    .raw(`CREATE TRIGGER ${trigger} BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fanshelf_refuse_insert()`)
    .execute(db)
  return async () => {
    await sql.raw(`DROP TRIGGER ${trigger} ON ${table}`).execute(db)
  }
}
