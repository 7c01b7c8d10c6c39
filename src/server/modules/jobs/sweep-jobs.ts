import { AppError } from '../../../shared/errors';
import { finishDocument, type FinishDeps } from './finish-document';
import {
  deleteJobs,
  selectAbandonedDirectDocuments,
  selectDocument,
  selectExpiredVisitorJobs,
  selectFinishedJobsWithInputs,
  takeOverDocument,
} from './jobs.queries';
import { removeExpiredReads, selectReadKeys } from './job-reads';
import { removeJobInputs } from './remove-job-inputs';

/** How long an anonymous visitor's results are kept, so the browser can show and download them. */
export const VISITOR_JOB_HOURS = 24;

/**
 * Tidies what a stopped process left: a document run in a request whose process died ends as
 * failed (its input went with the request) and is refunded; inputs of ended jobs are removed.
 * Anonymous visitors' jobs are deleted a day after they were made. Queued documents need
 * nothing here: the engines deliver them again.
 */
export async function sweepJobs(deps: FinishDeps): Promise<void> {
  const now = Date.now();
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
  const ended = await selectFinishedJobsWithInputs(deps.db, 50);
  if (ended.length > 0)
    await removeJobInputs(
      deps,
      ended.map((job) => job.id),
    );
  await removeExpiredReads(deps);
  const before = new Date(now - VISITOR_JOB_HOURS * 3600_000).toISOString();
  const expired = await selectExpiredVisitorJobs(deps.db, before, 100);
  await deps.storage.remove(await selectReadKeys(deps.db, expired));
  await deleteJobs(deps.db, expired);
}
