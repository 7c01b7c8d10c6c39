import type { Kysely } from 'kysely';

/**
 * The model limiter shared by every worker (docs/decisions/027-speed-and-provider-limits.md):
 * each model endpoint's state (JSON), and the places its calls hold while they run, which expire
 * when the process holding them stops renewing them. Each job document keeps what its run cost
 * at the model (tokens, calls, and the cost at the prices of the day), for jobs and History.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('model_limit_places')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('tokens', 'integer', (col) => col.notNull())
    /** 1 once the provider has taken the call. */
    .addColumn('accepted', 'integer', (col) => col.notNull().defaultTo(0))
    /** Epoch milliseconds after which a place whose process stopped is free again. */
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('model_limit_places_key_idx')
    .on('model_limit_places')
    .columns(['key', 'expires_at'])
    .execute();
  for (const column of ['input_tokens', 'output_tokens', 'model_calls'])
    await db.schema.alterTable('job_documents').addColumn(column, 'integer').execute();
  await db.schema.alterTable('job_documents').addColumn('model_cost', 'real').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['model_cost', 'model_calls', 'output_tokens', 'input_tokens'])
    await db.schema.alterTable('job_documents').dropColumn(column).execute();
  await db.schema.dropTable('model_limit_places').execute();
  await db.schema.dropTable('model_limits').execute();
}
