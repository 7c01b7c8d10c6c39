import type { Kysely } from 'kysely';

/**
 * Sign-up credits that wait for the address to be verified (REQUIRE_EMAIL_VERIFICATION): held
 * here, then moved to the balance in one conditional UPDATE when the mailed link is opened, so a
 * link opened twice gives them once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_credits')
    .addColumn('signup_credits_pending', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_credits').dropColumn('signup_credits_pending').execute();
}
