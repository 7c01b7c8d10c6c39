import type { Kysely } from 'kysely';

/** Saved extractors: a user's columns and description under a name (issue 14). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('extractors')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    /** JSON: the column definitions. */
    .addColumn('columns', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('extractors_user_name_idx')
    .on('extractors')
    .columns(['user_id', 'name'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('extractors').execute();
}
