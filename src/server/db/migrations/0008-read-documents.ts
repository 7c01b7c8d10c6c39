import type { Kysely } from 'kysely';

/**
 * A job document keeps what was read from it (not the original file) for a day, so that the job
 * can run again with other columns without reading again (issue 14, "re-run without re-reading").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_documents').addColumn('read_key', 'text').execute();
  await db.schema.alterTable('job_documents').addColumn('read_until', 'text').execute();
  await db.schema
    .createIndex('job_documents_read_until_idx')
    .on('job_documents')
    .column('read_until')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_documents_read_until_idx').execute();
  await db.schema.alterTable('job_documents').dropColumn('read_until').execute();
  await db.schema.alterTable('job_documents').dropColumn('read_key').execute();
}
