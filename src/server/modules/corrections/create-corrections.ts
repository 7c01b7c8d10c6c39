import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ColumnDefinition } from '../../../shared/columns';
import type { CorrectionInput, CorrectionsResponse } from '../../../shared/review';
import { lockKeyForTransaction, writeTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { findOwnedJob, type JobViewer } from '../jobs/job-access';
import { readExtractedResults, type ResultsReading } from '../jobs/job-results';
import { assertResultsKept } from '../jobs/job-retention';
import { correctKeptRows } from '../schedules/correct-kept-rows';
import { replacePlacedCorrection, selectPlacedCorrection } from './corrections.queries';
import { listCorrections } from './list-corrections';
import { planCorrections } from './plan-corrections';
import { refreshReviews } from './refresh-reviews';

/**
 * POST /api/jobs/{id}/corrections: the owner corrects cells and fields of the job's results. Each
 * value is coerced to its column's or field's type; the batch is checked whole first and stored
 * in one transaction, so it is all or nothing. A cell or field keeps one correction: a new one
 * takes the place of the last, keeping the value as it was extracted. Corrections of one job
 * take turns.
 */
export async function createCorrections(
  reading: ResultsReading,
  options: {
    viewer: JobViewer;
    userId: string | null;
    jobId: string;
    corrections: CorrectionInput[];
  },
): Promise<CorrectionsResponse> {
  const { db } = reading;
  const job = await findOwnedJob(db, options.viewer, options.jobId);
  assertResultsKept(job);
  const documentIds = [...new Set(options.corrections.map((input) => input.document_id))];
  const planned = planCorrections(options.corrections, {
    columns: JSON.parse(job.columns) as ColumnDefinition[],
    fields: JSON.parse(job.fields) as ColumnDefinition[],
    extracted: await readExtractedResults(reading, job.id, documentIds),
  });
  const now = new Date().toISOString();
  await writeTransaction(db, async (trx) => {
    await lockKeyForTransaction(trx as Transaction<Database>, `corrections:${job.id}`);
    for (const correction of planned) {
      const earlier = await selectPlacedCorrection(trx, correction);
      const place =
        'field' in correction
          ? { row_index: null, column_name: null, field_name: correction.field }
          : { row_index: correction.row, column_name: correction.column, field_name: null };
      await replacePlacedCorrection(trx, correction, {
        id: randomUUID(),
        job_id: job.id,
        document_id: correction.documentId,
        ...place,
        value: JSON.stringify(correction.value),
        old_value: earlier?.old_value ?? JSON.stringify(correction.oldValue),
        created_by: options.userId,
        created_at: now,
      });
    }
    await correctKeptRows(
      trx,
      job.id,
      planned.flatMap((correction) => ('field' in correction ? [] : [correction])),
    );
    await refreshReviews(
      trx,
      reading,
      job.id,
      planned.map((correction) => correction.documentId),
    );
  });
  return listCorrections(reading, { viewer: options.viewer, jobId: job.id });
}
