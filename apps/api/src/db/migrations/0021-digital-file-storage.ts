import type { Kysely } from 'kysely'

/**
 * Digital product files move into the media storage (decision 0036): their bytes are copied from
 * `digital_files.content_base64` into `media_blobs` (keyed by the file's id), `storage` says where
 * they are (`DATABASE`, or `S3` for files stored in the bucket later), and `content_base64` is
 * emptied — kept as a column only because SQLite cannot drop a NOT NULL column in place. Files are
 * copied a batch at a time, so a large catalogue is never held in memory at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('digital_files')
    .addColumn('storage', 'text', (c) => c.notNull().defaultTo('DATABASE'))
    .execute()
  // biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they are at this step.
  const tables = db as Kysely<any>
  for (;;) {
    const batch: { id: string; content_base64: string }[] = await tables
      .selectFrom('digital_files')
      .select(['id', 'content_base64'])
      .where('content_base64', '!=', '')
      .orderBy('id')
      .limit(50)
      .execute()
    if (batch.length === 0) break
    for (const file of batch) {
      await tables
        .insertInto('media_blobs')
        .values({ key: file.id, content: Buffer.from(file.content_base64, 'base64') })
        .execute()
      await tables.updateTable('digital_files').set({ content_base64: '' }).where('id', '=', file.id).execute()
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const tables = db as Kysely<any>
  const files: { id: string }[] = await tables.selectFrom('digital_files').select('id').execute()
  for (const file of files) {
    const blob = await tables.selectFrom('media_blobs').select('content').where('key', '=', file.id).executeTakeFirst()
    if (!blob) continue
    await tables
      .updateTable('digital_files')
      .set({ content_base64: Buffer.from(blob.content).toString('base64') })
      .where('id', '=', file.id)
      .execute()
    await tables.deleteFrom('media_blobs').where('key', '=', file.id).execute()
  }
  await db.schema.alterTable('digital_files').dropColumn('storage').execute()
}
