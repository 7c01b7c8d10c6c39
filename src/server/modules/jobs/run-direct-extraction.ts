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

/**
 * POST /api/extractions: one document, paid for first (or refused), run at once in this request
 * as a one-document job, so it is recorded and charged like any other. Answers what the
 * endpoint always answered; a read that fails throws its error as before.
 */
export async function startDirectExtraction(options: DirectExtractionOptions) {
  const { deps, caller, request } = options;
  const { job } = await createJob({
    ...deps,
    caller,
    job: { ...request, inputs: [request.source] },
    mode: 'direct',
    batchMax: 1,
  });
  const documentId = job.documents[0]!.id;
  return async (run: {
    signal: AbortSignal;
    onProgress?: (event: ExtractionProgress) => void;
  }): Promise<ExtractionResponse> => {
    const finished = await runJobDocument(deps, documentId, { source: request.source, ...run });
    if (!finished) throw new AppError('INTERNAL');
    const { outcome } = finished;
    if (outcome.kind === 'error') throw outcome.error;
    if (outcome.kind === 'cancelled') throw run.signal.reason ?? new AppError('INTERNAL');
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
}
