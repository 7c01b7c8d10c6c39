import type { Kysely } from 'kysely';

/**
 * How many credits a grant gave each request it answered (issue 32 point 9), so that a user who
 * asked for 500 and was given 100 is told so; null for requests answered before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('credit_requests').addColumn('granted_credits', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('credit_requests').dropColumn('granted_credits').execute();
}
