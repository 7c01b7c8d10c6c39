import type { ExtractionStatus, FallbackKind } from '../../../shared/extraction';
import type {
  Job,
  JobDocument,
  JobDocumentKind,
  JobDocumentStatus,
  JobOrigin,
  JobStatus,
} from '../../../shared/jobs';
import type { ReviewSummary } from '../../../shared/review';
import { jobDefinition } from './job-definition';
import { resultsExpireAt } from './job-retention';
import { jobUsageOf, usageOf } from './job-usage';
import type { JobDocumentInfo, JobRow } from './jobs.queries';

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

type ReviewColumns = Pick<JobDocumentInfo, 'review_total' | 'review_flagged' | 'review_edited'>;

/** A document's review summary, null until it has a result. */
function reviewOf(row: ReviewColumns): ReviewSummary | null {
  if (row.review_total === null) return null;
  return {
    total: Number(row.review_total),
    flagged: Number(row.review_flagged ?? 0),
    edited: Number(row.review_edited ?? 0),
  };
}

/** The review summary of a job: its documents', summed. */
export function jobReviewOf(documents: ReviewColumns[]): ReviewSummary {
  const summary = { total: 0, flagged: 0, edited: 0 };
  for (const document of documents) {
    const review = reviewOf(document);
    if (!review) continue;
    summary.total += review.total;
    summary.flagged += review.flagged;
    summary.edited += review.edited;
  }
  return summary;
}

/**
 * Whether a document's rows are SPEC's fallback: a 500's, or a 207 without rows of data (none
 * counted; one stored before fallback rows went uncounted has no reviewed cell either).
 */
function fallbackOf(row: JobDocumentInfo): FallbackKind | null {
  const code = number(row.status_code);
  if (code === 500) return 'error';
  const hasNoData = Number(row.rows_count) === 0 || Number(row.review_total ?? 0) === 0;
  return code === 207 && hasNoData ? 'no_rows' : null;
}

/** A failed document whose reading is kept: it can be tried again without its file. */
export function canRunAgain(
  row: Pick<JobDocumentInfo, 'status' | 'read_key' | 'read_until'>,
  now = new Date().toISOString(),
): boolean {
  return row.status === 'failed' && isReadKept(row, now);
}

/** What was read from a document is still kept, for a run again. */
export function isReadKept(
  row: Pick<JobDocumentInfo, 'read_key' | 'read_until'>,
  now = new Date().toISOString(),
): boolean {
  return row.read_key !== null && row.read_until !== null && row.read_until > now;
}

/** A document as the API shows it. */
export function toJobDocument(row: JobDocumentInfo): JobDocument {
  const isTimed = row.total_ms !== null;
  const fallback = fallbackOf(row);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as JobDocumentKind,
    status: row.status as JobDocumentStatus,
    status_code: number(row.status_code) as ExtractionStatus | null,
    message: row.message,
    rows: fallback ? 0 : Number(row.rows_count),
    fallback,
    file_type: row.file_type,
    size: number(row.size),
    started_at: row.started_at,
    finished_at: row.finished_at,
    timings: isTimed
      ? {
          read_ms: Number(row.read_ms ?? 0),
          extract_ms: Number(row.extract_ms ?? 0),
          total_ms: Number(row.total_ms ?? 0),
        }
      : null,
    review: reviewOf(row),
    usage: usageOf(row),
    can_run_again: canRunAgain(row),
    from_cache: fromCacheOf(row.from_cache),
  };
}

/** The earlier result a document was given (result-cache.ts), as the API names its fields. */
function fromCacheOf(stored: string | null): JobDocument['from_cache'] {
  if (!stored) return null;
  const { documentId, extractedAt } = JSON.parse(stored) as {
    documentId: string;
    extractedAt: string;
  };
  return { document_id: documentId, extracted_at: extractedAt };
}

/** A job as the API shows it, with its documents in order. */
/**
 * Whether its reply, webhook or a schedule's collected rows wait, held until no value is flagged
 * (hold_for_review).
 */
function isWaitingForReview(row: JobRow, review: ReviewSummary): boolean {
  const isHeld = Number(row.hold_for_review) === 1 && row.finished_at !== null;
  const isReplyDue = row.reply_status === 'waiting';
  const isWebhookDue = row.webhook_url !== null && row.webhook_status === null;
  const isCollected =
    row.origin !== null && (JSON.parse(row.origin) as JobOrigin).kind === 'schedule';
  return isHeld && review.flagged > 0 && (isReplyDue || isWebhookDue || isCollected);
}

export function toJob(row: JobRow, documents: JobDocumentInfo[]): Job {
  const own = documents.filter((document) => document.job_id === row.id);
  const review = jobReviewOf(own);
  return {
    id: row.id,
    status: row.status as JobStatus,
    ...jobDefinition(row),
    description: row.description,
    documents: own.map(toJobDocument),
    documents_total: Number(row.documents_total),
    documents_done: Number(row.documents_done),
    rows_total: Number(row.rows_total),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    origin: row.origin ? (JSON.parse(row.origin) as JobOrigin) : null,
    review,
    waiting_for_credits: own.filter((document) => document.status === 'waiting_for_credits').length,
    waiting_for_review: isWaitingForReview(row, review),
    usage: jobUsageOf(own),
    result_expires_at: resultsExpireAt(row),
  };
}
