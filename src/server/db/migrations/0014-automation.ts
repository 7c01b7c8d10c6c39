import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Documents that arrive by themselves (issue 24): an inbox address per saved extractor, replies
 * and webhooks for the jobs it makes, a schedule that runs a web page, the rows a schedule has
 * seen, and on each job where it came from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('extractors').addColumn('inbox_token', 'text').execute();
  /** 'csv' or 'xlsx': mail the table back to the sender; null: no reply. */
  await db.schema.alterTable('extractors').addColumn('reply_format', 'text').execute();
  /** Told when a job made by the inbox or the schedule ends. */
  await db.schema.alterTable('extractors').addColumn('webhook_url', 'text').execute();
  // Extractors saved before this migration get their address now.
  const existing = await (db as Kysely<{ extractors: { id: string } }>)
    .selectFrom('extractors')
    .select('id')
    .execute();
  for (const { id } of existing)
    await (db as Kysely<{ extractors: { id: string; inbox_token: string } }>)
      .updateTable('extractors')
      .set({ inbox_token: randomBytes(16).toString('hex') })
      .where('id', '=', id)
      .execute();
  await db.schema
    .createIndex('extractors_inbox_token_idx')
    .on('extractors')
    .column('inbox_token')
    .unique()
    .execute();

  await db.schema
    .createTable('extractor_schedules')
    .addColumn('extractor_id', 'text', (col) =>
      col.primaryKey().references('extractors.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    /** 'hourly', 'daily' or 'weekly'. */
    .addColumn('every', 'text', (col) => col.notNull())
    .addColumn('next_run_at', 'text', (col) => col.notNull())
    .addColumn('last_run_at', 'text')
    .addColumn('last_job_id', 'text')
    /** The last run whose outcome was counted in `failures` (once, by whichever process). */
    .addColumn('counted_job_id', 'text')
    /** Runs in a row that did not succeed; the schedule pauses itself at SCHEDULE_MAX_FAILURES. */
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('paused_at', 'text')
    .addColumn('pause_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('extractor_schedules_due_idx')
    .on('extractor_schedules')
    .columns(['paused_at', 'next_run_at'])
    .execute();

  /** Each row a schedule has found, once (by a hash of its values), in the order first seen. */
  await db.schema
    .createTable('schedule_rows')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('extractor_id', 'text', (col) =>
      col.notNull().references('extractors.id').onDelete('cascade'),
    )
    .addColumn('row_hash', 'text', (col) => col.notNull())
    /** JSON: the row's values. */
    .addColumn('row', 'text', (col) => col.notNull())
    .addColumn('job_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('schedule_rows_hash_idx')
    .on('schedule_rows')
    .columns(['extractor_id', 'row_hash'])
    .unique()
    .execute();

  /** The saved extractor whose inbox or schedule made the job (no key: it may be deleted). */
  await db.schema.alterTable('jobs').addColumn('extractor_id', 'text').execute();
  /** JSON: `{ kind: 'email', from, subject }` or `{ kind: 'schedule', url }`. */
  await db.schema.alterTable('jobs').addColumn('origin', 'text').execute();
  /** A mailed job's reply: where to, in which format, and how its sending stands. */
  await db.schema.alterTable('jobs').addColumn('reply_to', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('reply_format', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('reply_status', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('reply_lease_until', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'reply_lease_until',
    'reply_status',
    'reply_format',
    'reply_to',
    'origin',
    'extractor_id',
  ])
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  await db.schema.dropTable('schedule_rows').execute();
  await db.schema.dropTable('extractor_schedules').execute();
  await db.schema.dropIndex('extractors_inbox_token_idx').execute();
  for (const column of ['webhook_url', 'reply_format', 'inbox_token'])
    await db.schema.alterTable('extractors').dropColumn(column).execute();
}
