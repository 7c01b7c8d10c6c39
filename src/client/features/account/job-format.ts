import type { FileType } from '../../../shared/document';
import type { Job, JobDocument, JobDocumentKind } from '../../../shared/jobs';

/** How a status looks: its colour family, always shown beside its words. */
export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral' | 'progress';
export type StatusWords = { label: string; tone: StatusTone };

const JOB_STATUS_WORDS: Record<Job['status'], StatusWords> = {
  queued: { label: 'Waiting', tone: 'progress' },
  running: { label: 'Running', tone: 'progress' },
  succeeded: { label: 'Complete', tone: 'success' },
  partial: { label: 'Partial', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** SPEC.md's 200, 207 and 500, in words: a 207 is partial, never "Failed". */
const STATUS_CODE_WORDS: Record<number, StatusWords> = {
  200: JOB_STATUS_WORDS.succeeded,
  207: JOB_STATUS_WORDS.partial,
  500: JOB_STATUS_WORDS.failed,
};

const WAITING_FOR_CREDITS: StatusWords = { label: 'Waiting for credits', tone: 'warning' };

const DOCUMENT_STATUS_WORDS: Record<JobDocument['status'], StatusWords> = {
  waiting_for_credits: WAITING_FOR_CREDITS,
  queued: { label: 'Waiting', tone: 'progress' },
  reading: { label: 'Reading', tone: 'progress' },
  extracting: { label: 'Extracting', tone: 'progress' },
  succeeded: JOB_STATUS_WORDS.succeeded,
  partial: JOB_STATUS_WORDS.partial,
  failed: JOB_STATUS_WORDS.failed,
  cancelled: JOB_STATUS_WORDS.cancelled,
};

export function documentStatusWords(document: JobDocument): StatusWords {
  const byCode =
    document.status_code === null ? undefined : STATUS_CODE_WORDS[document.status_code];
  return byCode ?? DOCUMENT_STATUS_WORDS[document.status];
}

/** A one-document job reads like that document's run; a batch by its own status. */
export function jobStatusWords(job: Job): StatusWords {
  if (job.waiting_for_review) return { label: 'Waiting for review', tone: 'warning' };
  // Nothing else left to run: what the job waits for is credits.
  const isStalled = job.documents.every(
    (document) =>
      document.status !== 'queued' &&
      document.status !== 'reading' &&
      document.status !== 'extracting',
  );
  if ((job.waiting_for_credits ?? 0) > 0 && isStalled) return WAITING_FOR_CREDITS;
  const only = job.documents.length === 1 ? job.documents[0] : undefined;
  if (only && job.documents_done === 1) return documentStatusWords(only);
  return JOB_STATUS_WORDS[job.status];
}

const FILE_TYPE_WORDS: Record<FileType, string> = {
  pdf: 'PDF',
  csv: 'CSV',
  image: 'Image',
  text: 'Text file',
  spreadsheet: 'Spreadsheet',
  word: 'Word',
  html: 'HTML file',
  unknown: 'File',
};

/** What a document was: "PDF", "Web page" (an address), "HTML file", "Text"; never "Other". */
export function documentKindLabel(kind: JobDocumentKind, fileType: string | null): string {
  if (kind === 'url') return 'Web page';
  if (kind === 'text') return 'Text';
  return FILE_TYPE_WORDS[fileType as FileType] ?? 'File';
}

/** What the job was run on: its one document's name, or how many documents. */
export function jobTitle(job: Job): string {
  const only = job.documents.length === 1 ? job.documents[0] : undefined;
  if (only) return only.kind === 'text' ? `“${only.name}”` : only.name;
  return `${job.documents_total} documents`;
}

/** "date, description, amount". */
export function columnNames(job: Job): string {
  return job.columns.map((column) => column.name).join(', ');
}

/** Whether the job's table can be downloaded: it has ended and found rows. */
export function hasTable(job: Job): boolean {
  return job.rows_total > 0 && !['queued', 'running'].includes(job.status);
}

/** Where a stored job opens again in the result table. */
export function openJobPath(jobId: string): string {
  return `/extract?job=${encodeURIComponent(jobId)}`;
}

/** Where a job came from, when no one ran it by hand: "Mailed by Ada <ada@…>: “March”". */
/** What of a mailed job's mail was not read, in words; null when all of it was. */
export function unreadWords(job: Job): string | null {
  const unread = job.origin?.kind === 'email' ? (job.origin.unread ?? []) : [];
  return unread.length > 0 ? `Not read: ${unread.join('; ')}.` : null;
}

export function originWords(job: Job): string | null {
  const { origin } = job;
  if (!origin) return null;
  if (origin.kind === 'schedule') return `Scheduled run of ${origin.url}`;
  return origin.subject
    ? `Mailed by ${origin.from}: “${origin.subject}”`
    : `Mailed by ${origin.from}`;
}

/**
 * How much of a job was given stored results of earlier runs (no model call): "From cache: the
 * result of an earlier run of the same input", "From cache: 2 of 5 documents", or null.
 */
export function cacheWords(job: Pick<Job, 'documents'>): string | null {
  const cached = job.documents.filter((document) => document.from_cache).length;
  if (cached === 0) return null;
  if (job.documents.length === 1)
    return 'From cache: the result of an earlier run of the same input, no model call';
  return `From cache: ${cached} of ${job.documents.length} documents, no model call for them`;
}

/**
 * Its review in words, when there is something to say: "2 values flagged for review, 1
 * corrected", and whether its reply or webhook waits for that review.
 */
export function reviewWords(
  job: Pick<Job, 'review' | 'waiting_for_review'> & { origin?: Job['origin'] },
): string | null {
  const { flagged, edited } = job.review;
  const parts = [
    flagged > 0 ? `${flagged} ${flagged === 1 ? 'value' : 'values'} flagged for review` : null,
    edited > 0 ? `${edited} corrected` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const words = parts.join(', ');
  if (!job.waiting_for_review) return `${words}.`;
  const held =
    job.origin?.kind === 'schedule'
      ? 'its rows join the collected ones, and its webhook goes,'
      : 'its reply and webhook go';
  return `${words}: ${held} once each flagged value is accepted or corrected.`;
}
