import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { renewLease, selectJob, type JobDocumentInfo } from './jobs.queries';

export type DocumentWatch = {
  /** Aborted when the job is cancelled or the claim is lost. */
  signal: AbortSignal;
  isLeaseLost(): boolean;
  stop(): void;
};

const CHECK_EVERY_MS = 2_000;

/**
 * While a document runs: renews its claim, so that no other process takes it, and stops the run
 * when its job is cancelled or the claim was lost (the process stalled past the lease).
 */
export function watchDocument(
  deps: { db: Kysely<Database>; logger: Logger; workerId: string; leaseMs: number },
  document: JobDocumentInfo,
): DocumentWatch {
  const controller = new AbortController();
  let isLeaseLost = false;
  let lastRenewal = Date.now();
  const check = async () => {
    if (Date.now() - lastRenewal >= deps.leaseMs / 3) {
      lastRenewal = Date.now();
      if (!(await renewLease(deps.db, document.id, deps.workerId, lastRenewal + deps.leaseMs))) {
        isLeaseLost = true;
        controller.abort(new Error('The claim on the document was lost.'));
        return;
      }
    }
    const job = await selectJob(deps.db, document.job_id);
    if (job?.status === 'cancelled') controller.abort(new Error('The job was cancelled.'));
  };
  const timer = setInterval(
    () => {
      check().catch((error: unknown) =>
        deps.logger.warn({ err: error }, 'watching a document failed'),
      );
    },
    Math.min(CHECK_EVERY_MS, deps.leaseMs / 3),
  );
  return {
    signal: controller.signal,
    isLeaseLost: () => isLeaseLost,
    stop: () => clearInterval(timer),
  };
}
