import { z } from 'zod';
import type { Allowance } from './account';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema, type ColumnDefinition } from './columns';
import type { ExtractedRow, ExtractionProgress, ExtractionStatus } from './extraction';

/** queued → running → one of the four ends. `partial`: some documents failed or gave a 207. */
export const JOB_STATUSES = [
  'queued',
  'running',
  'succeeded',
  'partial',
  'failed',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_DOCUMENT_STATUSES = [
  'queued',
  'reading',
  'extracting',
  'succeeded',
  'partial',
  'failed',
  'cancelled',
] as const;
export type JobDocumentStatus = (typeof JOB_DOCUMENT_STATUSES)[number];

export const FINISHED_JOB_STATUSES: readonly JobStatus[] = [
  'succeeded',
  'partial',
  'failed',
  'cancelled',
];
export const FINISHED_DOCUMENT_STATUSES: readonly JobDocumentStatus[] = [
  'succeeded',
  'partial',
  'failed',
  'cancelled',
];

export type JobDocumentKind = 'file' | 'url' | 'text';

/** One document of a job, as the API shows it. */
export type JobDocument = {
  id: string;
  /** The file name, the address, or the first words of pasted text. */
  name: string;
  kind: JobDocumentKind;
  status: JobDocumentStatus;
  /** SPEC.md's 200, 207 or 500 once the document has a result. */
  status_code: ExtractionStatus | null;
  message: string | null;
  rows: number;
  file_type: string | null;
  size: number | null;
  started_at: string | null;
  finished_at: string | null;
  timings: { read_ms: number; extract_ms: number; total_ms: number } | null;
};

export type Job = {
  id: string;
  status: JobStatus;
  columns: ColumnDefinition[];
  description: string | null;
  documents: JobDocument[];
  documents_total: number;
  documents_done: number;
  rows_total: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The job's webhook, when it has one (GET /api/jobs/{id} only). */
  webhook?: JobWebhook | null;
};

/** One try at delivering a job's webhook and what the receiver answered. */
export type WebhookAttempt = {
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

/** A job's webhook: where it goes, how its delivery stands, and each attempt. */
export type JobWebhook = {
  url: string;
  /** 'waiting' until the job ends, then 'retrying', 'delivered' or 'failed' (after 24 hours). */
  status: 'waiting' | 'retrying' | 'delivered' | 'failed';
  next_attempt_at: string | null;
  attempts: WebhookAttempt[];
};

/** What POST /api/jobs answers (202). */
export type JobAccepted = {
  id: string;
  status: JobStatus;
  documents: Pick<JobDocument, 'id' | 'name' | 'status'>[];
  allowance: Allowance;
};

export type JobPage = { total: number; limit: number; offset: number; jobs: Job[] };

/** The events of GET /api/jobs/{id}/events; each carries its id for Last-Event-ID. */
export type JobEvent =
  | { type: 'progress'; document_id: string; progress: ExtractionProgress }
  | { type: 'document'; document: JobDocument; rows: ExtractedRow[] }
  | { type: 'status'; status: JobStatus; documents_done: number; rows_total: number }
  | { type: 'end'; job: Job };

/** What GET /api/jobs/limits answers: how large a batch this server takes. */
export type JobLimits = {
  /** BATCH_MAX_DOCUMENTS: the most documents one job may hold. */
  max_documents: number;
  /** BATCH_MAX_UPLOAD_MB: what one batch upload may weigh in all. */
  max_upload_megabytes: number;
  /** MAX_UPLOAD_MB: what each file may weigh (a PDF keeps its own, smaller limit). */
  max_file_megabytes: number;
};

/** Most documents one job may hold (BATCH_MAX_DOCUMENTS on the server may lower it). */
export const BATCH_MAX_DOCUMENTS_LIMIT = 500;

const jobInputSchema = z.union([
  z.object({ text: z.string().min(1).max(5_000_000, 'The text is too long.') }).strict(),
  z.object({ url: z.string().trim().min(1, 'Please enter a web address.').max(2048) }).strict(),
]);

/** POST /api/jobs: as JSON, or as the `request` part of a multipart upload (inputs optional). */
export const jobRequestSchema = z.object({
  /** Told with a signed POST when the job ends (signed-in callers only). */
  webhook_url: z
    .url({ protocol: /^https?$/, error: 'Use an http or https address.' })
    .max(2048)
    .optional(),
  columns: z.array(columnDefinitionSchema).max(COLUMN_LIMITS.columns).optional(),
  template: z.string().trim().max(50).optional(),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description under 1000 characters.')
    .optional(),
  inputs: z.array(jobInputSchema).max(BATCH_MAX_DOCUMENTS_LIMIT).optional(),
});

export type JobRequest = z.input<typeof jobRequestSchema>;

export const jobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const JOB_RESULT_FORMATS = ['csv', 'json', 'xlsx'] as const;
/** POST /api/jobs/{id}/rerun: the same documents, unread, with new columns (or a template). */
export const rerunRequestSchema = z.object({
  webhook_url: z
    .url({ protocol: /^https?$/, error: 'Use an http or https address.' })
    .max(2048)
    .optional(),
  columns: z.array(columnDefinitionSchema).max(COLUMN_LIMITS.columns).optional(),
  template: z.string().trim().max(50).optional(),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description under 1000 characters.')
    .optional(),
});
export type RerunRequest = z.input<typeof rerunRequestSchema>;

export const jobResultQuerySchema = z.object({
  format: z.enum(JOB_RESULT_FORMATS).default('json'),
});

/** The job's one table: a first column naming each row's document, then the user's columns. */
export function sourceColumnName(columns: ColumnDefinition[]): string {
  const taken = new Set(columns.map((column) => column.name.toLowerCase()));
  return ['source', 'source_document', 'document'].find((name) => !taken.has(name)) ?? '_source';
}
