import { type Kysely, PostgresAdapter } from 'kysely'

/**
 * Uploaded media (decision 0036): what a file is (`media_files`: type, dimensions, digest, where
 * its bytes live) apart from its bytes (`media_blobs`, by the file's id), so a library page never
 * reads an image. Bytes live in the database unless the install stores media in an S3-compatible bucket
 * (`media_files.storage = 'S3'`); either way every node of a cluster sees the same files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob'
  await db.schema
    .createTable('media_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shop_id', 'text', (c) => c.notNull().references('shops.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('media_files_shop_created').on('media_files').columns(['shop_id', 'created_at']).execute()
  await db.schema
    .createTable('media_blobs')
    // Keyed by the file's id: a media file's, or a digital product file's (migration 0021).
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content', binary, (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_blobs').execute()
  await db.schema.dropTable('media_files').execute()
}
