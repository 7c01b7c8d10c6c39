import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CorrectionsTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export type CorrectionRow = Selectable<CorrectionsTable>;

export async function selectJobCorrections(db: Db, jobId: string): Promise<CorrectionRow[]> {
  return db
    .selectFrom('corrections')
    .selectAll()
    .where('job_id', '=', jobId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The ids of a job's corrections: a new correction, or one undone, changes them. */
export async function selectJobCorrectionIds(db: Db, jobId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('corrections')
    .select('id')
    .where('job_id', '=', jobId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function selectDocumentsCorrections(
  db: Db,
  documentIds: string[],
): Promise<CorrectionRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('corrections')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function selectCellCorrection(
  db: Db,
  cell: { documentId: string; row: number; column: string },
): Promise<CorrectionRow | undefined> {
  return db
    .selectFrom('corrections')
    .selectAll()
    .where('document_id', '=', cell.documentId)
    .where('row_index', '=', cell.row)
    .where('column_name', '=', cell.column)
    .executeTakeFirst();
}

/** Puts a correction in its cell, in place of the one it had. */
export async function replaceCellCorrection(
  db: Db,
  row: Insertable<CorrectionsTable>,
): Promise<void> {
  await db
    .deleteFrom('corrections')
    .where('document_id', '=', row.document_id)
    .where('row_index', '=', row.row_index)
    .where('column_name', '=', row.column_name)
    .execute();
  await db.insertInto('corrections').values(row).execute();
}

/** Deletes a job's correction; answers the document it was on, or null when there was none. */
export async function deleteJobCorrection(
  db: Db,
  jobId: string,
  correctionId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('corrections')
    .select('document_id')
    .where('id', '=', correctionId)
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('corrections').where('id', '=', correctionId).execute();
  return row.document_id;
}
