import type { Kysely } from 'kysely'

/**
 * Idempotency keys (decision 0019). One row per (principal, key): the request's fingerprint, its
 * state (`in_progress` while it runs, `complete` once its answer is saved), the node-local owner
 * that may complete or release it, and the saved answer. `created_at` drives the 24 h retention
 * (and the pruning index); `locked_at` the 60 s after which an in-progress row counts as abandoned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('principal_key', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    .addColumn('response_body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['principal_key', 'idempotency_key'])
    .execute()
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').columns(['created_at']).execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute()
}
