import type { Kysely } from 'kysely';

/**
 * Rate limits count each try in a sliding window (one row per counted try) instead of a counter
 * per fixed window, which let twice the limit through across a window boundary. The old counters
 * only ever held the last minutes' tries, so they are dropped, not carried over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('at_ms', 'bigint', (col) => col.notNull())
    .addColumn('expires_at_ms', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_events_key_at_idx')
    .on('rate_limit_events')
    .columns(['key', 'at_ms'])
    .execute();
  await db.schema
    .createIndex('rate_limit_events_expires_at_idx')
    .on('rate_limit_events')
    .column('expires_at_ms')
    .execute();
  await db.schema.dropTable('rate_limit_hits').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_hits_expires_at_idx')
    .on('rate_limit_hits')
    .column('expires_at')
    .execute();
  await db.schema.dropTable('rate_limit_events').execute();
}
