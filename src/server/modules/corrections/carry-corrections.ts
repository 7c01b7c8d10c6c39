import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Correction } from '../../../shared/review';
import type { Database } from '../../db/schema';
import { correctionsByDocument } from './document-corrections';

/** The corrections made to a document's result, to be carried to the same result given again. */
export async function correctionsOf(
  db: Kysely<Database>,
  documentId: string,
): Promise<Correction[]> {
  return (await correctionsByDocument(db, [documentId])).get(documentId) ?? [];
}

/**
 * Gives a document the corrections another document's same result had (a result from cache),
 * in the caller's transaction: each cell and field as the person left it, by whom and when.
 */
export async function carryCorrections(
  trx: Kysely<Database>,
  to: { jobId: string; documentId: string },
  corrections: readonly Correction[],
): Promise<void> {
  if (corrections.length === 0) return;
  await trx
    .insertInto('corrections')
    .values(
      corrections.map((correction) => ({
        id: randomUUID(),
        job_id: to.jobId,
        document_id: to.documentId,
        row_index: correction.row,
        column_name: correction.column,
        field_name: correction.field,
        value: JSON.stringify(correction.value),
        old_value: JSON.stringify(correction.old_value),
        created_by: correction.created_by,
        created_at: correction.created_at,
      })),
    )
    .execute();
}
