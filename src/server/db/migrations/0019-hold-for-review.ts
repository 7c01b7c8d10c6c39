import type { Kysely } from 'kysely';

/**
 * Holding deliveries for review (issue 32 point 3): an extractor may hold the reply and the
 * webhook of the jobs its inbox and schedule make until every flagged value is accepted or
 * corrected; each job keeps whether its deliveries wait so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('extractors')
    .addColumn('hold_for_review', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('hold_for_review', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('hold_for_review').execute();
  await db.schema.alterTable('extractors').dropColumn('hold_for_review').execute();
}
