import { AppError, type ErrorCode } from '../../../shared/errors';
import { waitOutOutage } from '../../db/wait-out-outage';
import type { ExtractionProgress } from '../../../shared/extraction';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import type { ExtractionSettings } from '../../extraction/extraction-settings';
import type { ReadPool } from '../../extraction/read/pool/read-pool';
import { correctedResult } from '../../extraction/review/apply-corrections';
import { runExtraction } from '../../extraction/run-extraction';
import { correctionsOf } from '../corrections/carry-corrections';
import type { ModelClient } from '../../llm/model-client';
import {
  finishDocument,
  type DocumentOutcome,
  type FinishDeps,
  type FinishedDocument,
} from './finish-document';
import { jobDefinition } from './job-definition';
import { appendJobEvent } from './job-events';
import { loadInput } from './job-inputs';
import { keepPictures } from './job-pictures';
import { keepRead } from './job-reads';
import { jobRefusalClock } from './job-refusal-clock';
import { documentCache } from './result-cache';
import { watchDocument, type DocumentWatch } from './watch-document';
import {
  claimDocument,
  markExtracting,
  markJobRunning,
  requeueDocument,
  selectDocument,
  selectJob,
  type JobDocumentInfo,
  type JobRow,
} from './jobs.queries';

export type JobRunDeps = FinishDeps & {
  readPool: ReadPool;
  model: ModelClient | null;
  settings: ExtractionSettings;
  /** How long a claim on a document lasts unless renewed; a crashed process loses it after this. */
  leaseMs: number;
  /** Tries of a document after unexpected failures (a stopped process, a full read pool). */
  maxAttempts: number;
  /** The first wait after a failed webhook delivery (WEBHOOK_RETRY_SECONDS). */
  webhookRetrySeconds: number;
  /** APP_URL: webhooks link to the job's result there. */
  appUrl: string;
  /** SIGNUP_CREDITS: what a credit account opens with (documents waiting for credits pay). */
  signupCredits: number;
};

/**
 * For a document run in the request that made its job (POST /api/extractions). It has no signal
 * of its own: like any job's document, only cancelling the job stops it.
 */
export type DirectRun = {
  source: InputSource;
  onProgress?: (event: ExtractionProgress) => void;
};

/** Failures worth another try later: the moment, not the document, was the trouble. */
const RETRYABLE: readonly ErrorCode[] = ['SERVER_BUSY', 'STORAGE_FAILED', 'DATABASE_UNAVAILABLE'];
const RETRY_DELAY_MS = 5_000;
/** How long a finished document's outcome waits for the database to come back before giving up. */
const FINISH_WAIT_MS = 5 * 60_000;

function missingInput(): AppError {
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: 'the uploaded file is no longer available.' },
  });
}

/** Records a run's progress as the job's events, in order; `settled` waits for the last. */
function progressRecorder(
  deps: JobRunDeps,
  run: { document: JobDocumentInfo; job: JobRow; direct?: DirectRun },
) {
  const { document, job, direct } = run;
  let reports = Promise.resolve();
  const report = (progress: ExtractionProgress) => {
    direct?.onProgress?.(progress);
    reports = reports
      .then(async () => {
        if (progress.type === 'stage' && progress.stage === 'planning')
          await markExtracting(deps.db, document.id, deps.workerId);
        await appendJobEvent(deps.db, job.id, {
          type: 'progress',
          document_id: document.id,
          progress,
        });
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'recording progress failed'));
  };
  return { report, settled: () => reports };
}

/** A result given again from cache, with the corrections made to it where it was first given. */
async function withItsCorrections(
  deps: JobRunDeps,
  outcome: Extract<DocumentOutcome, { kind: 'result' }>,
  fromCache: { documentId: string },
): Promise<DocumentOutcome> {
  const corrections = await correctionsOf(deps.db, fromCache.documentId);
  if (corrections.length === 0) return outcome;
  const { review } = correctedResult(outcome.result, corrections, deps.settings.reviewThreshold);
  return { ...outcome, carried: { corrections, review } };
}

async function extract(
  deps: JobRunDeps,
  run: { document: JobDocumentInfo; job: JobRow; watch: DocumentWatch; direct?: DirectRun },
): Promise<DocumentOutcome> {
  const { document, job, watch, direct } = run;
  const source = direct?.source ?? (await loadInput(deps.storage, document));
  if (!source) return { kind: 'error', error: missingInput() };
  const progress = progressRecorder(deps, run);
  // A run from what an earlier run read (a rerun) keeps that read's pictures as its own.
  let keeping =
    source.kind === 'document' ? keepPictures(deps, document, source.document) : Promise.resolve();
  const cache = documentCache(deps.db, job, deps.model?.model ?? null, deps.logger);
  try {
    const result = await runExtraction({
      source,
      ...jobDefinition(job),
      description: job.description ?? undefined,
      settings: deps.settings,
      model: deps.model,
      readPool: deps.readPool,
      signal: watch.signal,
      refusalClock: jobRefusalClock(deps.db, job.id, deps.settings.deadlineMinutes, deps.logger),
      onProgress: progress.report,
      pagePictures: true,
      onRead: (read) => {
        keeping = Promise.all([
          keepRead(deps, document, read),
          keepPictures(deps, document, read),
        ]).then(() => undefined);
      },
      reuse: cache.reuse,
    });
    const outcome: DocumentOutcome = { kind: 'result', result, cacheKey: cache.key() };
    return result.fromCache ? await withItsCorrections(deps, outcome, result.fromCache) : outcome;
  } catch (error) {
    if (watch.signal.aborted) return { kind: 'cancelled' };
    if (error instanceof AppError && !RETRYABLE.includes(error.code))
      return { kind: 'error', error };
    throw error;
  } finally {
    await Promise.all([progress.settled(), keeping]);
  }
}

/** An unexpected failure: the document goes back to the queue for a later try, or ends failed. */
async function retryOrFail(
  deps: JobRunDeps,
  document: JobDocumentInfo,
  error: unknown,
  startedAt: number,
): Promise<FinishedDocument | null> {
  // The claim counted this try already.
  const attempts = Number(document.attempts);
  deps.logger.error({ err: error, documentId: document.id, attempts }, 'document run failed');
  if (attempts < deps.maxAttempts) {
    await requeueDocument(
      deps.db,
      document.id,
      deps.workerId,
      Date.now() + RETRY_DELAY_MS * attempts,
    );
    throw error;
  }
  const appError = error instanceof AppError ? error : new AppError('INTERNAL', { cause: error });
  return finishDocument(deps, { document, outcome: { kind: 'error', error: appError }, startedAt });
}

/**
 * Runs one document of a job, whatever delivered it: claims it (only one process can), reads and
 * extracts it while renewing the claim and watching for a cancelled job, and records how it
 * ended. Answers null when another process has the document or took it over.
 */
export async function runJobDocument(
  deps: JobRunDeps,
  documentId: string,
  direct?: DirectRun,
): Promise<FinishedDocument | null> {
  const now = Date.now();
  if (!(await claimDocument(deps.db, documentId, deps.workerId, now, now + deps.leaseMs)))
    return null;
  const document = (await selectDocument(deps.db, documentId))!;
  const job = (await selectJob(deps.db, document.job_id))!;
  if (await markJobRunning(deps.db, job.id, new Date(now).toISOString()))
    await appendJobEvent(deps.db, job.id, {
      type: 'status',
      status: 'running',
      documents_done: Number(job.documents_done),
      rows_total: Number(job.rows_total),
    });
  const startedAt = performance.now();
  const watch = watchDocument(deps, document);
  let outcome: DocumentOutcome;
  try {
    outcome =
      job.status === 'cancelled'
        ? { kind: 'cancelled' }
        : await extract(deps, { document, job, watch, direct });
  } catch (error) {
    watch.stop();
    if (watch.isLeaseLost()) return null;
    return retryOrFail(deps, document, error, startedAt);
  }
  try {
    // The lease is kept while the outcome waits for a database that went away.
    return await waitOutOutage(
      async () =>
        watch.isLeaseLost() ? null : finishDocument(deps, { document, outcome, startedAt }),
      {
        giveUpAfterMs: FINISH_WAIT_MS,
        shouldStop: () => watch.isLeaseLost(),
        onRetry: (error, waitMs) =>
          deps.logger.warn(
            { err: error, documentId, waitMs },
            'recording the document waits for the database',
          ),
      },
    );
  } finally {
    watch.stop();
  }
}
