import type { Transaction } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { CellValue } from '../../../shared/extraction';
import type { CorrectionsResponse } from '../../../shared/review';
import { lockKeyForTransaction, writeTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { findOwnedJob, type JobViewer } from '../jobs/job-access';
import type { ResultsReading } from '../jobs/job-results';
import { assertResultsKept } from '../jobs/job-retention';
import { correctKeptRows } from '../schedules/correct-kept-rows';
import { deleteJobCorrection } from './corrections.queries';
import { listCorrections } from './list-corrections';
import { refreshReviews } from './refresh-reviews';

/**
 * DELETE /api/jobs/{id}/corrections/{correctionId}: undoes a correction; its cell shows the value
 * as it was extracted, with its confidence and flag, again.
 */
export async function deleteCorrection(
  reading: ResultsReading,
  options: { viewer: JobViewer; jobId: string; correctionId: string },
): Promise<CorrectionsResponse> {
  const { db } = reading;
  const job = await findOwnedJob(db, options.viewer, options.jobId);
  assertResultsKept(job);
  await writeTransaction(db, async (trx) => {
    await lockKeyForTransaction(trx as Transaction<Database>, `corrections:${job.id}`);
    const deleted = await deleteJobCorrection(trx, job.id, options.correctionId);
    if (!deleted) throw new AppError('CORRECTION_NOT_FOUND');
    if (deleted.row_index !== null && deleted.column_name !== null)
      await correctKeptRows(trx, job.id, [
        {
          row: Number(deleted.row_index),
          column: deleted.column_name,
          value: JSON.parse(deleted.old_value) as CellValue,
        },
      ]);
    await refreshReviews(trx, reading, job.id, [deleted.document_id]);
  });
  return listCorrections(reading, { viewer: options.viewer, jobId: job.id });
}
