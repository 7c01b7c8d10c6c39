import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { Job } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { announceJobEvents, insertJobEvent } from './job-events';
import { finalizeJobIfDone, type FinishDeps } from './finish-document';
import { findOwnedJob, type JobViewer } from './job-access';
import { refundRun } from './job-payer';
import { toJob } from './job-view';
import { selectDocuments, selectJob, type JobRow } from './jobs.queries';
import { recordDocumentUsage } from './record-document-usage';
import { removeJobInputs } from './remove-job-inputs';
import { writeTransaction } from '../../db/dialect';

/** The documents that have not started: waiting for the workers, or for credits. */
const NOT_STARTED = ['queued', 'waiting_for_credits'] as const;

/**
 * Cancels these documents of the job if they have not started, inside the caller's transaction:
 * each is refunded when it was paid for and counted as done. A paid one is in the owner's usage
 * as "Cancelled", as one cancelled while it ran is: whether a worker had claimed it first must
 * not change the record. Answers how many were cancelled.
 */
async function cancelNotStarted(
  trx: Kysely<Database>,
  logger: Logger,
  job: JobRow,
  documentIds: string[] | null,
): Promise<number> {
  let query = trx
    .selectFrom('job_documents')
    .select('id')
    .where('job_id', '=', job.id)
    .where('status', 'in', NOT_STARTED);
  if (documentIds) query = query.where('id', 'in', documentIds);
  const waiting = await query.execute();
  const refundedIds: string[] = [];
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
    if (refunded.numUpdatedRows > 0n) {
      await refundRun(trx, job);
      refundedIds.push(id);
    }
    await insertJobEvent(trx, job.id, { type: 'document', document_id: id });
  }
  await trx
    .updateTable('jobs')
    .set((eb) => ({ documents_done: eb('documents_done', '+', waiting.length) }))
    .where('id', '=', job.id)
    .execute();
  const refunded = await selectDocuments(trx, [job.id]);
  for (const document of refunded.filter(({ id }) => refundedIds.includes(id)))
    await recordDocumentUsage(trx, logger, {
      document,
      job,
      outcome: { kind: 'cancelled' },
      processingMs: 0,
    });
  return waiting.length;
}

async function currentJob(deps: FinishDeps, jobId: string, isEnded: boolean): Promise<Job> {
  announceJobEvents(jobId);
  if (isEnded) await removeJobInputs(deps, [jobId]);
  const current = await selectJob(deps.db, jobId);
  return toJob(current!, await selectDocuments(deps.db, [jobId]));
}

/**
 * DELETE /api/jobs/{id}: documents not yet started (queued, or waiting for credits) are not run
 * and are refunded now; running ones stop within seconds and are refunded as they stop.
 * Cancelling an ended job changes nothing.
 */
export async function cancelJob(
  deps: FinishDeps,
  options: { viewer: JobViewer; jobId: string },
): Promise<Job> {
  const job = await findOwnedJob(deps.db, options.viewer, options.jobId);
  const isEnded = await writeTransaction(deps.db, async (trx) => {
    const marked = await trx
      .updateTable('jobs')
      .set({ status: 'cancelled' })
      .where('id', '=', job.id)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) return false;
    await cancelNotStarted(trx, deps.logger, job, null);
    const counts = (await selectJob(trx, job.id))!;
    await insertJobEvent(trx, job.id, {
      type: 'status',
      status: 'cancelled',
      documents_done: Number(counts.documents_done),
      rows_total: Number(counts.rows_total),
    });
    return finalizeJobIfDone(trx, job.id);
  });
  return currentJob(deps, job.id, isEnded);
}

/**
 * DELETE /api/jobs/{id}/documents/{documentId}: one document that has not started (queued, or
 * waiting for credits) is not run, refunded when it was paid for; the job goes on with the others
 * and ends when it was the last. DOCUMENT_STARTED when it is running or done.
 */
export async function cancelDocument(
  deps: FinishDeps,
  options: { viewer: JobViewer; jobId: string; documentId: string },
): Promise<Job> {
  const job = await findOwnedJob(deps.db, options.viewer, options.jobId);
  const isEnded = await writeTransaction(deps.db, async (trx) => {
    if ((await cancelNotStarted(trx, deps.logger, job, [options.documentId])) === 0) {
      const documents = await selectDocuments(trx, [job.id]);
      if (!documents.some((document) => document.id === options.documentId))
        throw new AppError('JOB_NOT_FOUND');
      throw new AppError('DOCUMENT_STARTED');
    }
    return finalizeJobIfDone(trx, job.id);
  });
  return currentJob(deps, job.id, isEnded);
}
