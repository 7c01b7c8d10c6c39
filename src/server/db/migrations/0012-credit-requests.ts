import type { Kysely } from 'kysely';

/** Requests for more credits (issue 20 point 6): stored with the account, answered by an operator. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credits', 'integer', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    /** 'open', then 'granted' once credits are granted to the account. */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('granted_at', 'text')
    .execute();
  await db.schema
    .createIndex('credit_requests_user_idx')
    .on('credit_requests')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('credit_requests_status_idx')
    .on('credit_requests')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_requests').execute();
}
