import type { Kysely } from 'kysely';

/**
 * Documents that wait for credits (issue 32 point 2): an inbox's or schedule's job whose owner
 * runs short keeps its remaining documents waiting, and the owner is told once by mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** 'due' while the owner's mail about documents waiting for credits is to be sent; then 'sent'. */
  await db.schema.alterTable('jobs').addColumn('credits_notice', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('credits_notice').execute();
}
