import type { Kysely } from 'kysely';

/**
 * A job's refusal clock (docs/decisions/027-speed-and-provider-limits.md): since when (epoch
 * milliseconds) the model provider has refused its calls with none going through, shared by
 * every document of the job on every worker; null while calls go through.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('refused_since', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('refused_since').execute();
}
