import type { Job } from '../../../shared/jobs';
import { announceJobEvents, insertJobEvent } from './job-events';
import { finalizeJobIfDone, type FinishDeps } from './finish-document';
import { findOwnedJob, type JobViewer } from './job-access';
import { refundRun } from './job-payer';
import { toJob } from './job-view';
import { selectDocuments, selectJob } from './jobs.queries';
import { removeJobInputs } from './remove-job-inputs';
import { writeTransaction } from '../../db/dialect';

/**
 * DELETE /api/jobs/{id}: documents not yet started are not run and are refunded now; running
 * ones stop within seconds and are refunded as they stop. Cancelling an ended job changes nothing.
 */
export async function cancelJob(
  deps: FinishDeps,
  options: { viewer: JobViewer; jobId: string },
): Promise<Job> {
  const { db } = deps;
  const job = await findOwnedJob(db, options.viewer, options.jobId);
  const isEnded = await writeTransaction(db, async (trx) => {
    const marked = await trx
      .updateTable('jobs')
      .set({ status: 'cancelled' })
      .where('id', '=', job.id)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) return false;
    const waiting = await trx
      .selectFrom('job_documents')
      .select('id')
      .where('job_id', '=', job.id)
      .where('status', 'in', ['queued', 'waiting_for_credits'])
      .execute();
    for (const { id } of waiting) {
      await trx
        .updateTable('job_documents')
        .set({
          status: 'cancelled',
          message: 'Cancelled.',
          finished_at: new Date().toISOString(),
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', id)
        .execute();
      const refunded = await trx
        .updateTable('job_documents')
        .set({ charge: 'refunded' })
        .where('id', '=', id)
        .where('charge', '=', 'reserved')
        .executeTakeFirst();
      if (refunded.numUpdatedRows > 0n) await refundRun(trx, job);
      await insertJobEvent(trx, job.id, { type: 'document', document_id: id });
    }
    await trx
      .updateTable('jobs')
      .set((eb) => ({ documents_done: eb('documents_done', '+', waiting.length) }))
      .where('id', '=', job.id)
      .execute();
    const counts = (await selectJob(trx, job.id))!;
    await insertJobEvent(trx, job.id, {
      type: 'status',
      status: 'cancelled',
      documents_done: Number(counts.documents_done),
      rows_total: Number(counts.rows_total),
    });
    return finalizeJobIfDone(trx, job.id);
  });
  announceJobEvents(job.id);
  if (isEnded) await removeJobInputs(deps, [job.id]);
  const current = await selectJob(db, job.id);
  return toJob(current!, await selectDocuments(db, [job.id]));
}
