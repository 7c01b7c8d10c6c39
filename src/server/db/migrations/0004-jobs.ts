import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * Extraction jobs (docs/decisions/010-jobs.md): a job of one or more documents, each document's
 * state and result, and the job's event log that its event stream replays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    /** A hash of the anonymous visitor's trial id, for a job without an account. */
    .addColumn('visitor_key', 'text')
    /** The trial counters a visitor's runs were taken from, so they can be given back exactly. */
    .addColumn('trial_keys', 'text')
    .addColumn('columns', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('template', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    /** 'queue' (run by the workers) or 'direct' (run in the request that made it). */
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('documents_total', 'integer', (col) => col.notNull())
    .addColumn('documents_done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('jobs_user_created_idx')
    .on('jobs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('jobs_visitor_created_idx')
    .on('jobs')
    .columns(['visitor_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('job_documents')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    /** file, url or text. */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The stored input (file bytes or pasted text) while the job runs; null once deleted. */
    .addColumn('input_key', 'text')
    .addColumn('url', 'text')
    .addColumn('mime_type', 'text')
    .addColumn('size', 'bigint')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('message', 'text')
    .addColumn('rows_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_type', 'text')
    /** The document's extraction result as JSON, once it has one. */
    .addColumn('result', 'text')
    /** reserved: paid for at acceptance; kept (a 200) or refunded, exactly once. */
    .addColumn('charge', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('read_ms', 'integer')
    .addColumn('extract_ms', 'integer')
    .addColumn('total_ms', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('job_documents_job_idx')
    .on('job_documents')
    .columns(['job_id', 'position'])
    .execute();
  await db.schema
    .createIndex('job_documents_status_idx')
    .on('job_documents')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('job_events')
    .addColumn('id', pg ? 'bigserial' : 'integer', (col) =>
      pg ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('job_events_job_idx')
    .on('job_events')
    .columns(['job_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_events', 'job_documents', 'jobs'])
    await db.schema.dropTable(table).execute();
}
