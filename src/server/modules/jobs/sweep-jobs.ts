import { AppError } from '../../../shared/errors';
import { finishDocument, type FinishDeps } from './finish-document';
import {
  selectAbandonedDirectDocuments,
  selectDocument,
  selectFinishedJobsWithInputs,
  takeOverDocument,
} from './jobs.queries';
import { removeExpiredReads } from './job-reads';
import { expireVisitorJobs } from './job-retention';
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
