import type { Kysely } from 'kysely';
import type { CellValue } from '../../../shared/extraction';
import type { Correction } from '../../../shared/review';
import type { Database } from '../../db/schema';
import {
  selectDocumentsCorrections,
  selectJobCorrectionIds,
  selectJobCorrections,
  type CorrectionRow,
} from './corrections.queries';

const parseValue = (json: string) => JSON.parse(json) as CellValue;

export function toCorrection(row: CorrectionRow): Correction {
  return {
    id: row.id,
    document_id: row.document_id,
    row: row.row_index === null ? null : Number(row.row_index),
    column: row.column_name,
    field: row.field_name,
    value: parseValue(row.value),
    old_value: parseValue(row.old_value),
    created_at: row.created_at,
    created_by: row.created_by,
  };
}

/** A job's corrections, oldest first. */
export async function jobCorrections(db: Kysely<Database>, jobId: string): Promise<Correction[]> {
  return (await selectJobCorrections(db, jobId)).map(toCorrection);
}

/** The ids of a job's corrections, in order: what changes when a correction is made or undone. */
export async function jobCorrectionIds(db: Kysely<Database>, jobId: string): Promise<string[]> {
  return selectJobCorrectionIds(db, jobId);
}

/** The corrections of these documents, by document: what every reader of results applies. */
export async function correctionsByDocument(
  db: Kysely<Database>,
  documentIds: string[],
): Promise<Map<string, Correction[]>> {
  const byDocument = new Map<string, Correction[]>();
  for (const row of await selectDocumentsCorrections(db, documentIds)) {
    const list = byDocument.get(row.document_id) ?? [];
    list.push(toCorrection(row));
    byDocument.set(row.document_id, list);
  }
  return byDocument;
}
