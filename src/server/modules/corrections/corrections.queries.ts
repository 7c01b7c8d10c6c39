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

/** Where a correction goes: a line item's cell, or a document field. */
export type CorrectionPlace =
  { documentId: string; row: number; column: string } | { documentId: string; field: string };

function wherePlace(db: Db, place: CorrectionPlace) {
  const query = db.selectFrom('corrections').where('document_id', '=', place.documentId);
  return 'field' in place
    ? query.where('field_name', '=', place.field)
    : query.where('row_index', '=', place.row).where('column_name', '=', place.column);
}

export async function selectPlacedCorrection(
  db: Db,
  place: CorrectionPlace,
): Promise<CorrectionRow | undefined> {
  return wherePlace(db, place).selectAll().executeTakeFirst();
}

/** Puts a correction in its cell or field, in place of the one it had. */
export async function replacePlacedCorrection(
  db: Db,
  place: CorrectionPlace,
  row: Insertable<CorrectionsTable>,
): Promise<void> {
  const earlier = await selectPlacedCorrection(db, place);
  if (earlier) await db.deleteFrom('corrections').where('id', '=', earlier.id).execute();
  await db.insertInto('corrections').values(row).execute();
}

/** Deletes a job's correction; answers it, or null when there was none. */
export async function deleteJobCorrection(
  db: Db,
  jobId: string,
  correctionId: string,
): Promise<CorrectionRow | null> {
  const row = await db
    .selectFrom('corrections')
    .selectAll()
    .where('id', '=', correctionId)
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('corrections').where('id', '=', correctionId).execute();
  return row;
}
