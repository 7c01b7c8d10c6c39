import { AppError } from '../../../shared/errors';
import { finishDocument, type FinishDeps } from './finish-document';
import {
  clearJobResults,
  deleteJobs,
  selectAbandonedDirectDocuments,
  selectDocument,
  selectExpiringVisitorJobs,
  selectFinishedJobsWithInputs,
  selectLongExpiredVisitorJobs,
  takeOverDocument,
} from './jobs.queries';
import { selectPictureKeys } from './job-pictures';
import { removeExpiredReads, selectReadKeys } from './job-reads';
import { VISITOR_JOB_HOURS, VISITOR_JOB_KEEP_DAYS } from './job-retention';
import { removeJobInputs } from './remove-job-inputs';

/** Ends documents run in a request whose process died (their input went with the request). */
async function endAbandonedDocuments(deps: FinishDeps, now: number): Promise<void> {
  for (const abandoned of await selectAbandonedDirectDocuments(deps.db, now, 50)) {
    if (!(await takeOverDocument(deps.db, abandoned.id, deps.workerId, now))) continue;
    const document = await selectDocument(deps.db, abandoned.id);
    if (!document) continue;
    const error = new AppError('RUN_INTERRUPTED');
    await finishDocument(deps, {
      document,
      outcome: { kind: 'error', error },
      startedAt: performance.now(),
    });
  }
}

/**
 * Anonymous visitors' runs (job-retention.ts): a day after they were made, their results,
 * corrections, page pictures and what was read are deleted; a week later, the jobs themselves.
 */
async function expireVisitorJobs(deps: FinishDeps, now: number): Promise<void> {
  const before = new Date(now - VISITOR_JOB_HOURS * 3600_000).toISOString();
  const expiring = await selectExpiringVisitorJobs(deps.db, before, 100);
  await deps.storage.remove([
    ...(await selectReadKeys(deps.db, expiring)),
    ...(await selectPictureKeys(deps.db, expiring)),
  ]);
  await clearJobResults(deps.db, expiring, new Date(now).toISOString());
  const longAgo = new Date(now - VISITOR_JOB_KEEP_DAYS * 86_400_000).toISOString();
  await deleteJobs(deps.db, await selectLongExpiredVisitorJobs(deps.db, longAgo, 100));
}

/**
 * Tidies what a stopped process left: a document run in a request whose process died ends as
 * failed and is refunded; inputs of ended jobs are removed; kept reads past their day too; and
 * anonymous visitors' results expire. Queued documents need nothing here: the engines deliver
 * them again.
 */
export async function sweepJobs(deps: FinishDeps, now = Date.now()): Promise<void> {
  await endAbandonedDocuments(deps, now);
  const ended = await selectFinishedJobsWithInputs(deps.db, 50);
  if (ended.length > 0)
    await removeJobInputs(
      deps,
      ended.map((job) => job.id),
    );
  await removeExpiredReads(deps, new Date(now));
  await expireVisitorJobs(deps, now);
}
