import type { Kysely } from 'kysely';

/**
 * Webhooks (issue 14): a job may name an address to be told when it ends; each user has one
 * signing secret; every delivery attempt and its answer is kept on the job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_secrets')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('jobs').addColumn('webhook_url', 'text').execute();
  /** null until the job ends; then 'retrying' (due at webhook_next_at), 'delivered' or 'failed'. */
  await db.schema.alterTable('jobs').addColumn('webhook_status', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('webhook_next_at', 'text').execute();
  /** Epoch milliseconds until which one worker holds the delivery. */
  await db.schema.alterTable('jobs').addColumn('webhook_lease_until', 'bigint').execute();
  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('attempted_at', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_job_idx')
    .on('webhook_attempts')
    .columns(['job_id', 'attempt'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  for (const column of ['webhook_lease_until', 'webhook_next_at', 'webhook_status', 'webhook_url'])
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  await db.schema.dropTable('webhook_secrets').execute();
}
