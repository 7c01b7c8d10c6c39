import type { Allowance } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import type { ExtractionProgress, ExtractionResponse } from '../../../shared/extraction';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import type { JobQueue } from '../../jobs/job-queue';
import type { TrialLimits } from '../trial/trial-counters';
import { getCredits } from '../credits/get-credits';
import { getTrialStatus } from '../trial/get-trial-status';
import { createJob, type NewJob } from './create-job';
import { pageLinks } from './job-pictures';
import { selectDocument } from './jobs.queries';
import type { Caller } from './job-payer';
import { runJobDocument, type JobRunDeps } from './run-job-document';

export type DirectExtractionOptions = {
  deps: JobRunDeps & { queue: JobQueue; signupCredits: number; trialLimits: TrialLimits };
  caller: Caller;
  request: Omit<NewJob, 'inputs'> & { source: InputSource };
};

async function allowanceAfter(options: DirectExtractionOptions): Promise<Allowance> {
  const { deps, caller } = options;
  if (caller.kind === 'anonymous') {
    const trial = await getTrialStatus({
      db: deps.db,
      subject: caller.subject,
      limits: deps.trialLimits,
    });
    return { kind: 'trial', ...trial };
  }
  try {
    const credits = await getCredits({
      db: deps.db,
      userId: caller.user.id,
      signupCredits: deps.signupCredits,
    });
    return { kind: 'credits', ...credits };
  } catch (error) {
    deps.logger.error({ err: error }, 'reading credits failed');
    return { kind: 'credits', credits_remaining: 0, credits_total: 0 };
  }
}

/** A direct run once paid for: its job, and the run itself, to start at once. */
export type DirectExtraction = {
  jobId: string;
  run: (options?: {
    onProgress?: (event: ExtractionProgress) => void;
  }) => Promise<ExtractionResponse>;
};

/**
 * POST /api/extractions: one document, paid for first (or refused), run at once in this request
 * as a one-document job, so it is recorded and charged like any other. The run belongs to the
 * job, not to the request: a caller who goes away leaves it running (it ends, is charged or
 * refunded, and is listed like a batch); only cancelling the job stops it. Answers what the
 * endpoint always answered; a read that fails throws its error as before.
 */
export async function startDirectExtraction(
  options: DirectExtractionOptions,
): Promise<DirectExtraction> {
  const { deps, caller, request } = options;
  const { job } = await createJob({
    ...deps,
    caller,
    job: { ...request, inputs: [request.source] },
    mode: 'direct',
    batchMax: 1,
  });
  const documentId = job.documents[0]!.id;
  const run: DirectExtraction['run'] = async ({ onProgress } = {}) => {
    const finished = await runJobDocument(deps, documentId, { source: request.source, onProgress });
    if (!finished) throw new AppError('INTERNAL');
    const { outcome } = finished;
    if (outcome.kind === 'error') throw outcome.error;
    if (outcome.kind === 'cancelled') throw new AppError('RUN_CANCELLED');
    const pages = (await selectDocument(deps.db, documentId))?.pages ?? null;
    return {
      ...outcome.result,
      document_id: documentId,
      job_id: job.id,
      pages: pageLinks(job.id, documentId, pages),
      extraction_id: caller.kind === 'user' ? documentId : null,
      stored: finished.isStored,
      allowance: await allowanceAfter(options),
    };
  };
  return { jobId: job.id, run };
}
