import type { Kysely } from 'kysely';

/**
 * Schedules that update instead of repeating (issue 32 point 7): a schedule may name key columns,
 * so a row whose key an earlier run found replaces that row; each collected row knows its place in
 * the result of the job that last wrote it, so corrections made to that job reach it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** JSON: the names of the columns that identify a row, `[]` for the whole row. */
  await db.schema
    .alterTable('extractor_schedules')
    .addColumn('key_columns', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  /** A hash of the row's key values; null when the schedule had no key or the key was empty. */
  await db.schema.alterTable('schedule_rows').addColumn('key_hash', 'text').execute();
  /** The row's index in the result of `job_id`; null for rows kept before this migration. */
  await db.schema.alterTable('schedule_rows').addColumn('job_row', 'integer').execute();
  await db.schema
    .createIndex('schedule_rows_key_idx')
    .on('schedule_rows')
    .columns(['extractor_id', 'key_hash'])
    .execute();
  await db.schema
    .createIndex('schedule_rows_job_idx')
    .on('schedule_rows')
    .columns(['job_id', 'job_row'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('schedule_rows_job_idx').execute();
  await db.schema.dropIndex('schedule_rows_key_idx').execute();
  await db.schema.alterTable('schedule_rows').dropColumn('job_row').execute();
  await db.schema.alterTable('schedule_rows').dropColumn('key_hash').execute();
  await db.schema.alterTable('extractor_schedules').dropColumn('key_columns').execute();
}
