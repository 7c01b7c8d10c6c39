import { sql, type Kysely } from 'kysely';

/**
 * Records (issue 31): a job and a saved extractor keep the document fields and the rules they run
 * with beside their columns; a correction names either a line item's cell (row and column) or a
 * document field. The corrections table is built anew for that, since SQLite cannot make a column
 * optional in place: its rows are copied over as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['jobs', 'extractors'])
    for (const column of ['fields', 'rules'])
      /** JSON: the field definitions, and the rules checked across fields and columns. */
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();

  await createCorrections(db, 'corrections_records', { withFields: true });
  await sql`insert into corrections_records
      (id, job_id, document_id, row_index, column_name, value, old_value, created_by, created_at)
    select id, job_id, document_id, row_index, column_name, value, old_value, created_by, created_at
    from corrections`.execute(db);
  await db.schema.dropTable('corrections').execute();
  await db.schema.alterTable('corrections_records').renameTo('corrections').execute();
  await indexCorrections(db, { withFields: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createCorrections(db, 'corrections_cells', { withFields: false });
  await sql`insert into corrections_cells
      (id, job_id, document_id, row_index, column_name, value, old_value, created_by, created_at)
    select id, job_id, document_id, row_index, column_name, value, old_value, created_by, created_at
    from corrections where field_name is null`.execute(db);
  await db.schema.dropTable('corrections').execute();
  await db.schema.alterTable('corrections_cells').renameTo('corrections').execute();
  await indexCorrections(db, { withFields: false });
  for (const table of ['jobs', 'extractors'])
    for (const column of ['rules', 'fields'])
      await db.schema.alterTable(table).dropColumn(column).execute();
}

/**
 * The corrections table as 0011-review made it; with fields, a correction names a field
 * (`field_name`) or a cell (`row_index` and `column_name`), never both.
 */
async function createCorrections(
  db: Kysely<unknown>,
  name: string,
  { withFields }: { withFields: boolean },
): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('job_id', 'text', (col) => col.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (col) =>
      col.notNull().references('job_documents.id').onDelete('cascade'),
    )
    .addColumn('row_index', 'integer', (col) => (withFields ? col : col.notNull()))
    .addColumn('column_name', 'text', (col) => (withFields ? col : col.notNull()));
  if (withFields)
    table = table.addColumn('field_name', 'text').addCheckConstraint(
      `${name}_cell_or_field`,
      sql`(field_name is null and row_index is not null and column_name is not null)
          or (field_name is not null and row_index is null and column_name is null)`,
    );
  await table
    /** JSON: the corrected value, and the value as it was extracted. */
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('old_value', 'text', (col) => col.notNull())
    /** The user who made it; null for an anonymous visitor (the job's owner). */
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}

/** One correction per cell and per field (a field correction's cell columns are null, as is a cell's field). */
async function indexCorrections(
  db: Kysely<unknown>,
  { withFields }: { withFields: boolean },
): Promise<void> {
  await db.schema
    .createIndex('corrections_cell_idx')
    .on('corrections')
    .columns(['document_id', 'row_index', 'column_name'])
    .unique()
    .execute();
  if (withFields)
    await db.schema
      .createIndex('corrections_field_idx')
      .on('corrections')
      .columns(['document_id', 'field_name'])
      .unique()
      .execute();
  await db.schema
    .createIndex('corrections_job_idx')
    .on('corrections')
    .columns(['job_id', 'created_at'])
    .execute();
}
