import type { Kysely } from 'kysely';

/**
 * Who may mail an extractor's inbox (docs/decisions/033-inbox-senders.md): besides its owner,
 * the addresses and domains listed here, or anyone when the owner opened it (then no replies).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  /** JSON: lower-case addresses (`ada@example.com`) and domains (`@example.com`). */
  await db.schema
    .alterTable('extractors')
    .addColumn('inbox_senders', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  /** 1: the inbox takes mail from anyone and replies to nobody. */
  await db.schema
    .alterTable('extractors')
    .addColumn('inbox_is_open', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('extractors').dropColumn('inbox_is_open').execute();
  await db.schema.alterTable('extractors').dropColumn('inbox_senders').execute();
}
