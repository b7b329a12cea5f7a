import type { Dialect, Executor } from '../../db/database.js'

function shopSecrets(db: Executor, shopId: string) {
  return db
    .selectFrom('shops')
    .select(['id', 'webhook_secret', 'webhook_secret_previous', 'webhook_secret_previous_until'])
    .where('id', '=', shopId)
}

/** The shop's sealed webhook secrets (current, and the previous one while it still signs). */
export function findShopSecrets(db: Executor, shopId: string) {
  return shopSecrets(db, shopId).executeTakeFirst()
}

/** The same, locked until the transaction ends on PostgreSQL (SQLite serializes writers). */
export function findShopSecretsForUpdate(trx: Executor, shopId: string, lock: Dialect) {
  return shopSecrets(trx, shopId)
    .$if(lock === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst()
}

export function updateShopSecrets(
  trx: Executor,
  shopId: string,
  secrets: {
    webhook_secret: string
    webhook_secret_previous: string | null
    webhook_secret_previous_until: string | null
    updated_at: string
  },
) {
  return trx.updateTable('shops').set(secrets).where('id', '=', shopId).execute()
}
