import type { JobQueue } from '../../jobs/job-queue';
import { runJobDocument, type JobRunDeps } from './run-job-document';
import { startWebhookDeliveries } from '../webhooks/deliver-webhooks';
import { resumeWaitingDocuments } from './resume-waiting-documents';
import { sweepJobs } from './sweep-jobs';

const SWEEP_MS = 30_000;

/**
 * Runs job documents in this process (a web server with RUN_WORKERS, or `rowsmith worker`):
 * `concurrency` documents at once, whichever engine delivers them, and a periodic sweep of what
 * stopped processes left, and the webhooks of ended jobs. Answers a function that stops them all.
 */
export async function startJobWorkers(
  queue: JobQueue,
  deps: JobRunDeps,
  concurrency: number,
): Promise<() => Promise<void>> {
  const sweep = () =>
    sweepJobs(deps)
      .then(() => resumeWaitingDocuments({ ...deps, queue }))
      .catch((error: unknown) => deps.logger.error({ err: error }, 'job sweep failed'));
  await sweep();
  const timer = setInterval(() => void sweep(), SWEEP_MS);
  const stopWebhooks = startWebhookDeliveries({
    db: deps.db,
    logger: deps.logger,
    isAllowedAddress: deps.settings.read.url.isAllowedAddress,
    retrySeconds: deps.webhookRetrySeconds,
    reviewThreshold: deps.settings.reviewThreshold,
    appUrl: deps.appUrl,
  });
  await queue.startWorkers(async (ref) => {
    await runJobDocument(deps, ref.documentId);
  }, concurrency);
  return async () => {
    clearInterval(timer);
    await Promise.all([queue.stop(10_000), stopWebhooks()]);
  };
}
