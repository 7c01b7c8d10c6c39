import type { Kysely } from 'kysely';
import type { AppError } from '../../../shared/errors';
import type { ExtractionResult } from '../../../shared/extraction';
import type { JobStatus } from '../../../shared/jobs';
import type { Correction, ReviewSummary } from '../../../shared/review';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { announceJobEvents, insertJobEvent } from './job-events';
import { refundRun } from './job-payer';
import { toJob } from './job-view';
import type { JobDocumentInfo, JobRow } from './jobs.queries';
import { selectDocuments, selectJob } from './jobs.queries';
import { recordDocumentUsage, storeDocumentResult } from './record-document-usage';
import { removeJobInputs } from './remove-job-inputs';
import { writeTransaction } from '../../db/dialect';
import { carryCorrections } from '../corrections/carry-corrections';
import { keepNewRows } from '../schedules/keep-new-rows';

/** How a document's run ended. */
export type DocumentOutcome =
  | {
      kind: 'result';
      result: ExtractionResult;
      /** What the result answers (result-cache.ts), when the model was to be asked. */
      cacheKey?: string | null;
      /**
       * A result from cache keeps the corrections made to it: they are given to this document,
       * and its review is counted with them.
       */
      carried?: { corrections: Correction[]; review: ReviewSummary };
    }
  | { kind: 'error'; error: AppError }
  | { kind: 'cancelled' };

export type FinishDeps = {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  workerId: string;
};

export type FinishedDocument = {
  outcome: DocumentOutcome;
  job: JobRow;
  isStored: boolean;
};

/** The rows of data a result holds: fallback rows (a 500's, a 207's text) are not counted. */
const dataRows = (result: ExtractionResult) => (result.fallback ? 0 : result.rows.length);

const STATUS_OF_CODE = { 200: 'succeeded', 207: 'partial', 500: 'failed' } as const;

/**
 * A 200 from the model is kept for the same input later, unless a scheduled run took rows out of
 * it (`isWhole` false): then it is not the whole answer.
 */
function cacheValues(outcome: DocumentOutcome, isWhole: boolean) {
  if (outcome.kind !== 'result') return {};
  const { result, cacheKey } = outcome;
  const isKept = isWhole && result.status === 200 && result.engine === 'model';
  return {
    cache_key: isKept ? (cacheKey ?? null) : null,
    from_cache: result.fromCache ? JSON.stringify(result.fromCache) : null,
  };
}

function documentValues(outcome: DocumentOutcome, startedAt: number) {
  const totalMs = Math.round(performance.now() - startedAt);
  if (outcome.kind === 'cancelled')
    return { status: 'cancelled', message: 'Cancelled.', total_ms: totalMs };
  if (outcome.kind === 'error') {
    const { error } = outcome;
    return { status: 'failed', error_code: error.code, message: error.message, total_ms: totalMs };
  }
  const { result } = outcome;
  const review = outcome.carried?.review ?? result.review;
  return {
    status: STATUS_OF_CODE[result.status],
    status_code: result.status,
    message: result.message,
    rows_count: dataRows(result),
    file_type: result.source.fileType,
    result: JSON.stringify(result),
    review_total: review.total,
    review_flagged: review.flagged,
    review_edited: review.edited,
    input_tokens: result.usage.inputTokens,
    output_tokens: result.usage.outputTokens,
    model_calls: result.usage.calls,
    model_cost: result.usage.cost ?? null,
    read_ms: result.timings.readMs,
    extract_ms: result.timings.extractMs,
    total_ms: totalMs,
  };
}

/** The job's end from its documents': all done well, all failed, all cancelled, or partial. */
function jobStatusOf(statuses: string[], isCancelled: boolean): JobStatus {
  if (isCancelled || statuses.every((status) => status === 'cancelled')) return 'cancelled';
  if (statuses.every((status) => status === 'succeeded')) return 'succeeded';
  if (statuses.every((status) => status === 'failed' || status === 'cancelled')) return 'failed';
  return 'partial';
}

async function settle(
  trx: Kysely<Database>,
  document: JobDocumentInfo,
  job: JobRow,
  isKept: boolean,
) {
  const result = await trx
    .updateTable('job_documents')
    .set({ charge: isKept ? 'kept' : 'refunded' })
    .where('id', '=', document.id)
    .where('charge', '=', 'reserved')
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n && !isKept) await refundRun(trx, job);
}

/** Ends the job when its last document ended: status, time, and the `end` event. */
export async function finalizeJobIfDone(trx: Kysely<Database>, jobId: string): Promise<boolean> {
  const job = await selectJob(trx, jobId);
  if (!job || Number(job.documents_done) < Number(job.documents_total) || job.finished_at)
    return false;
  const documents = await selectDocuments(trx, [jobId]);
  const status = jobStatusOf(
    documents.map((document) => document.status),
    job.status === 'cancelled',
  );
  await trx
    .updateTable('jobs')
    .set({ status, finished_at: new Date().toISOString() })
    .where('id', '=', jobId)
    .where('finished_at', 'is', null)
    .execute();
  const ended = await selectJob(trx, jobId);
  await insertJobEvent(trx, jobId, { type: 'end', job: toJob(ended!, documents) });
  return true;
}

/**
 * Records how a document ended, exactly once: its status and result, the credit kept for a 200
 * and given back otherwise, the job's counts, and the job's end when it was the last. Only the
 * process that holds the document's lease can record it. Answers null when it no longer does.
 */
export async function finishDocument(
  deps: FinishDeps,
  run: { document: JobDocumentInfo; outcome: DocumentOutcome; startedAt: number },
): Promise<FinishedDocument | null> {
  const { db } = deps;
  const { document } = run;
  const finished = await writeTransaction(db, async (trx) => {
    const job = (await selectJob(trx, document.job_id))!;
    // A scheduled page's run keeps only the rows earlier runs did not find (issue 24).
    const outcome: DocumentOutcome =
      job.status === 'cancelled' ? { kind: 'cancelled' } : await keepNewRows(trx, job, run.outcome);
    const values = {
      ...documentValues(outcome, run.startedAt),
      ...cacheValues(outcome, outcome === run.outcome),
    };
    const updated = await trx
      .updateTable('job_documents')
      .set({
        ...values,
        lease_owner: null,
        lease_until: null,
        finished_at: new Date().toISOString(),
      })
      .where('id', '=', document.id)
      .where('lease_owner', '=', deps.workerId)
      .where('status', 'in', ['reading', 'extracting'])
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return null;
    if (outcome.kind === 'result' && outcome.carried)
      await carryCorrections(
        trx,
        { jobId: document.job_id, documentId: document.id },
        outcome.carried.corrections,
      );
    const isKept = outcome.kind === 'result' && outcome.result.status === 200;
    await settle(trx, document, job, isKept);
    const rows = outcome.kind === 'result' ? dataRows(outcome.result) : 0;
    await trx
      .updateTable('jobs')
      .set((eb) => ({
        documents_done: eb('documents_done', '+', 1),
        rows_total: eb('rows_total', '+', rows),
      }))
      .where('id', '=', job.id)
      .execute();
    await insertJobEvent(trx, job.id, { type: 'document', document_id: document.id });
    await recordDocumentUsage(trx, deps.logger, {
      document,
      job,
      outcome,
      processingMs: performance.now() - run.startedAt,
    });
    const isJobDone = await finalizeJobIfDone(trx, job.id);
    return { outcome, job, isJobDone };
  });
  if (!finished) return null;
  announceJobEvents(document.job_id);
  const { isStored } = await storeDocumentResult(deps, {
    document,
    job: finished.job,
    outcome: finished.outcome,
  });
  if (finished.isJobDone) await removeJobInputs(deps, [document.job_id]);
  return { outcome: finished.outcome, job: finished.job, isStored };
}
