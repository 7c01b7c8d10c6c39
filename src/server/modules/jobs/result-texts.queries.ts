// A stored result holds far more than a table needs (its whole source text, every cell's
// evidence), so the readers that only need its table ask the database for those parts alone,
// as JSON text (docs/decisions/026-heavy-work-off-the-web-thread.md).
import type { Kysely } from 'kysely';
import { jsonFieldText } from '../../db/dialect';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The parts of a stored result a job's table is made of, each as JSON text picked out by the
 * database (null when the result or the part is missing): not its source text, its metadata or
 * its chunks. Its fields and checks are among them. `evidence` is only in results stored before review (stored-result.ts), `decimals`
 * only in results stored since number columns keep their source decimals (number-decimals.ts).
 */
export type ResultPartsText = {
  status: string;
  columns: string | null;
  rows: string | null;
  cells: string | null;
  review: string | null;
  evidence: string | null;
  decimals: string | null;
  /** Whether the rows are SPEC's fallback; older results say it by their warnings (fallbacks.ts). */
  fallback: string | null;
  warnings: string | null;
  /** A document's own fields, their cells and its rules' checks (records, issue 31). */
  fieldDefinitions: string | null;
  fields: string | null;
  fieldCells: string | null;
  checks: string | null;
};

/** Each document's id and name with its result's table parts, in order (null: no result). */
export async function selectTablePartsTexts(db: Db, jobId: string) {
  const part = (field: string) => jsonFieldText(db, 'result', field);
  const rows = await db
    .selectFrom('job_documents')
    .select([
      'id',
      'name',
      part('status').as('status'),
      part('columns').as('columns'),
      part('rows').as('rows'),
      part('cells').as('cells'),
      part('review').as('review'),
      part('evidence').as('evidence'),
      part('decimals').as('decimals'),
      part('fallback').as('fallback'),
      part('warnings').as('warnings'),
      part('fieldDefinitions').as('fieldDefinitions'),
      part('fields').as('fields'),
      part('fieldCells').as('fieldCells'),
      part('checks').as('checks'),
    ])
    .where('job_id', '=', jobId)
    .orderBy('position')
    .execute();
  return rows.map(({ id, name, status, ...parts }) => ({
    id,
    name,
    result: status === null ? null : ({ status, ...parts } satisfies ResultPartsText),
  }));
}

/**
 * A document's table rows as JSON text, its result's SPEC status, its number columns'
 * decimals and its own fields (JSON text, null in older results), picked out of the stored result by the database
 * (the result also holds evidence and the whole source text).
 */
export type DocumentRowsText = {
  status: string | null;
  rows: string | null;
  decimals: string | null;
  /** Its own fields by name (records), null in results stored before them. */
  fields: string | null;
};

const rowsTextColumns = (db: Db) =>
  [
    jsonFieldText(db, 'result', 'status').as('result_status'),
    jsonFieldText(db, 'result', 'rows').as('result_rows'),
    jsonFieldText(db, 'result', 'decimals').as('result_decimals'),
    jsonFieldText(db, 'result', 'fields').as('result_fields'),
  ] as const;

/** One document's rows as JSON text. */
export async function selectRowsText(
  db: Db,
  documentId: string,
): Promise<DocumentRowsText | undefined> {
  const row = await db
    .selectFrom('job_documents')
    .select(rowsTextColumns(db))
    .where('id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      status: row.result_status,
      rows: row.result_rows,
      decimals: row.result_decimals,
      fields: row.result_fields,
    }
  );
}
