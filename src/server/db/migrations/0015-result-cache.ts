import type { Kysely } from 'kysely';

/**
 * Results given again for unchanged input (docs/decisions/031-result-cache.md): whether a job may
 * reuse a stored result, each document's key (what was read, the columns, the instructions and
 * the model, hashed), and which earlier result a document was given, as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('use_cache', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('job_documents').addColumn('cache_key', 'text').execute();
  await db.schema.alterTable('job_documents').addColumn('from_cache', 'text').execute();
  await db.schema
    .createIndex('job_documents_cache_key_idx')
    .on('job_documents')
    .column('cache_key')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_documents_cache_key_idx').execute();
  await db.schema.alterTable('job_documents').dropColumn('from_cache').execute();
  await db.schema.alterTable('job_documents').dropColumn('cache_key').execute();
  await db.schema.alterTable('jobs').dropColumn('use_cache').execute();
}
