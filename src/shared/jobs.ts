import { z } from 'zod';
import { allowanceSchema } from './account';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema, type ColumnDefinition } from './columns';
import { isTimeZone } from './export-file-name';
import { cacheFieldSchema } from './extraction-request';
import {
  cellValueSchema,
  columnDecimalsSchema,
  extractedRowSchema,
  extractionProgressSchema,
  extractionStatusSchema,
  fallbackKindSchema,
} from './extraction-result';
import { checkSchema, rulesSchema } from './records';
import { reviewSummarySchema, rowCellsSchema } from './review';

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

/** How long a document waits for its owner's credits before it fails unread. */
export const CREDITS_WAIT_DAYS = 7;

export const JOB_DOCUMENT_STATUSES = [
  /** Its owner had no credit for it: it runs by itself once they have (an inbox's, a schedule's). */
  'waiting_for_credits',
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

export const JOB_DOCUMENT_KINDS = ['file', 'url', 'text'] as const;
export type JobDocumentKind = (typeof JOB_DOCUMENT_KINDS)[number];

/** What runs cost at the model: tokens and calls, and a cost when the server has prices. */
export const jobUsageSchema = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  calls: z.number().int().describe('Model calls, continuations and retries included.'),
  cost: z
    .number()
    .nullable()
    .describe(
      'At MODEL_PRICE_INPUT and MODEL_PRICE_OUTPUT (per million tokens) when the run was made; null without them.',
    ),
});
export type JobUsage = z.output<typeof jobUsageSchema>;

/** One document of a job, as the API shows it. */
export const jobDocumentSchema = z.object({
  id: z.string(),
  name: z
    .string()
    .describe(
      'The file name or the address; pasted text by the name given, else "Text 1", "Text 2"… in a job of several documents, or its first words in a job of one (a single run).',
    ),
  kind: z.enum(JOB_DOCUMENT_KINDS),
  status: z.enum(JOB_DOCUMENT_STATUSES),
  status_code: extractionStatusSchema
    .nullable()
    .describe("SPEC.md's 200, 207 or 500 once the document has a result."),
  message: z.string().nullable(),
  rows: z
    .number()
    .int()
    .describe('The rows of data it gave; fallback rows (see `fallback`) are not counted.'),
  fallback: fallbackKindSchema
    .nullable()
    .describe(
      "Set when its result holds SPEC's fallback instead of rows of data: `no_rows` (207: its text's start) or `error` (500: empty rows). The job's table leaves such rows out unless asked (`include_fallback=true`).",
    ),
  file_type: z.string().nullable(),
  size: z.number().int().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  timings: z
    .object({ read_ms: z.number(), extract_ms: z.number(), total_ms: z.number() })
    .nullable(),
  review: reviewSummarySchema
    .nullable()
    .describe('Its cells: how many, flagged and corrected; null until it has a result.'),
  usage: jobUsageSchema
    .nullable()
    .describe('What its run cost at the model; null until it has a result.'),
  can_run_again: z
    .boolean()
    .describe(
      'It failed after it was read, and what was read is still kept: `POST /api/jobs/{id}/rerun` with its id in `document_ids` tries it again, as a new job, once the job has ended.',
    ),
  from_cache: z
    .object({ document_id: z.string(), extracted_at: z.string() })
    .nullable()
    .describe(
      'Set when it was given the stored result of an earlier document with the same input, columns, instructions and model, without calling the model.',
    ),
});
export type JobDocument = z.output<typeof jobDocumentSchema>;

/** One try at delivering a job's webhook and what the receiver answered. */
export const webhookAttemptSchema = z.object({
  attempt: z.number().int(),
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});
export type WebhookAttempt = z.output<typeof webhookAttemptSchema>;

/** A job's webhook: where it goes, how its delivery stands, and each attempt. */
export const jobWebhookSchema = z.object({
  url: z.string(),
  status: z
    .enum(['waiting', 'retrying', 'delivered', 'failed'])
    .describe(
      "'waiting' until the job ends, then 'retrying', 'delivered' or 'failed' (after 24 hours).",
    ),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type JobWebhook = z.output<typeof jobWebhookSchema>;

/** Where a job came from when no request made it: a mail to an inbox, or a schedule. */
export const jobOriginSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('email'),
    extractor_id: z.string(),
    from: z.string().describe('The sender, as the From header names them.'),
    subject: z.string(),
    message_id: z
      .string()
      .optional()
      .describe(
        'The mail’s Message-ID: the reply answers it (In-Reply-To, References), so mail programs show the two together.',
      ),
    unread: z
      .array(z.string())
      .optional()
      .describe(
        'What of the mail was not read, in words: attachments of a type we cannot read, a body whose only tables are layout or a signature.',
      ),
  }),
  z.object({ kind: z.literal('schedule'), extractor_id: z.string(), url: z.string() }),
]);
export type JobOrigin = z.output<typeof jobOriginSchema>;

export const jobSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  columns: z.array(columnDefinitionSchema),
  fields: z
    .array(columnDefinitionSchema)
    .optional()
    .describe('The document fields the job asks for (one value per document); empty when none.'),
  rules: rulesSchema.optional().describe('The rules checked on each document; empty when none.'),
  description: z.string().nullable(),
  documents: z.array(jobDocumentSchema),
  documents_total: z.number().int(),
  documents_done: z.number().int(),
  rows_total: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  origin: jobOriginSchema
    .nullable()
    .optional()
    .describe("The saved extractor's inbox or schedule that made the job; null for a request."),
  review: reviewSummarySchema.describe(
    'Summed over its documents: cells, those flagged for review, those corrected.',
  ),
  waiting_for_credits: z
    .number()
    .int()
    .optional()
    .describe(
      `Documents of an inbox's or schedule's job that wait for credits: they run by themselves once the owner has credits, for up to ${CREDITS_WAIT_DAYS} days, then fail.`,
    ),
  waiting_for_review: z
    .boolean()
    .optional()
    .describe(
      'Its reply or webhook waits until every flagged value is accepted or corrected (its extractor holds deliveries for review).',
    ),
  usage: jobUsageSchema.describe(
    'Summed over its documents: tokens and calls, and the cost when every document has one.',
  ),
  result_expires_at: z
    .string()
    .nullable()
    .describe(
      'When its results are deleted (runs without an account, a day after they were made); null for kept runs. After it, result reads answer 410 RESULT_EXPIRED.',
    ),
  webhook: jobWebhookSchema
    .nullable()
    .optional()
    .describe("The job's webhook, when it has one (GET /api/jobs/{id} only)."),
});
export type Job = z.output<typeof jobSchema>;

/** What POST /api/jobs answers (202). */
export const jobAcceptedSchema = z.object({
  id: z.string(),
  status: z.enum(JOB_STATUSES),
  documents: z.array(jobDocumentSchema.pick({ id: true, name: true, status: true })),
  allowance: allowanceSchema,
});
export type JobAccepted = z.output<typeof jobAcceptedSchema>;

export const jobPageSchema = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  jobs: z.array(jobSchema),
});
export type JobPage = z.output<typeof jobPageSchema>;

/** The events of GET /api/jobs/{id}/events; each carries its id for Last-Event-ID. */
export const jobEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    document_id: z.string(),
    progress: extractionProgressSchema,
  }),
  z.object({
    type: z.literal('document'),
    document: jobDocumentSchema,
    rows: z
      .array(extractedRowSchema)
      .describe(
        "Its rows, corrections applied; for a document whose `fallback` is `no_rows`, SPEC's fallback rows (its text's start, not data); none for a 500.",
      ),
    decimals: columnDecimalsSchema.optional(),
    fields: z
      .record(z.string(), cellValueSchema)
      .optional()
      .describe('Its own fields by name, corrections applied; `{}` when it has none.'),
  }),
  z.object({
    type: z.literal('status'),
    status: z.enum(JOB_STATUSES),
    documents_done: z.number().int(),
    rows_total: z.number().int(),
    review: reviewSummarySchema.describe('The job’s review summary as it is when sent.'),
  }),
  z.object({ type: z.literal('end'), job: jobSchema }),
]);
export type JobEvent = z.output<typeof jobEventSchema>;

/** What GET /api/jobs/limits answers: how large a batch this server takes. */
export const jobLimitsSchema = z.object({
  max_documents: z
    .number()
    .int()
    .describe('BATCH_MAX_DOCUMENTS: the most documents one job may hold.'),
  max_upload_megabytes: z
    .number()
    .describe('BATCH_MAX_UPLOAD_MB: what one batch upload may weigh in all.'),
  max_file_megabytes: z
    .number()
    .describe('MAX_UPLOAD_MB: what each file may weigh (a PDF keeps its own, smaller limit).'),
});
export type JobLimits = z.output<typeof jobLimitsSchema>;

/** Where a row of a job's table comes from: its document, and its index among that one's rows. */
export const rowOriginSchema = z.object({
  document_id: z.string(),
  row: z
    .number()
    .int()
    .nullable()
    .describe(
      'The row’s index among its document’s own rows; null for the one row of a document with fields and no rows of its own.',
    ),
});
export type RowOrigin = z.output<typeof rowOriginSchema>;

/**
 * GET /api/jobs/{id}/result as JSON: the job's one table, with a first `source` column, its
 * corrections applied; each row's cells (the source column has none) and origin.
 */
export const jobResultTableSchema = z.object({
  columns: z.array(columnDefinitionSchema),
  rows: z.array(extractedRowSchema),
  decimals: columnDecimalsSchema.describe(
    'For each number column with a value: the most decimals any document writes it with (12.50 → 2); the CSV and XLSX of this table use them.',
  ),
  cells: z
    .array(rowCellsSchema)
    .describe('Parallel to rows: each user column’s confidence, flag, reasons and evidence.'),
  origins: z
    .array(rowOriginSchema)
    .describe('Parallel to rows: the document and row index a correction names.'),
  review: reviewSummarySchema,
});
export type JobResultTable = z.output<typeof jobResultTableSchema>;

/**
 * GET /api/jobs/{id}/result?format=json&shape=documents: the job as records, one entry per
 * document in order, corrections applied.
 */
export const jobResultDocumentsSchema = z.object({
  documents: z.array(
    z.object({
      document_id: z.string().describe('What corrections name (POST /api/jobs/{id}/corrections).'),
      source: z.string().describe('The document’s name, as the flat table’s source column has it.'),
      fields: z
        .record(z.string(), cellValueSchema)
        .describe('Each field asked for, by name, with the document’s value (null: not found).'),
      fieldCells: rowCellsSchema.describe(
        'For each field: confidence, flag, reasons and evidence, as a cell has them.',
      ),
      rows: z
        .array(extractedRowSchema)
        .describe('The document’s line items, every column a key (null for blanks).'),
      cells: z.array(rowCellsSchema).describe('Parallel to rows: each column’s cell.'),
      checks: z.array(checkSchema).describe('Each rule checked on the document, passed or not.'),
    }),
  ),
});
export type JobResultDocuments = z.output<typeof jobResultDocumentsSchema>;

/** Most documents one job may hold (BATCH_MAX_DOCUMENTS on the server may lower it). */
export const BATCH_MAX_DOCUMENTS_LIMIT = 500;

const jobInputSchema = z.union([
  z
    .object({
      text: z.string().min(1).max(5_000_000, 'The text is too long.'),
      name: z
        .string()
        .trim()
        .max(255, 'Please keep the name under 255 characters.')
        .optional()
        .describe(
          'What the job calls this text (its rows’ `source`); by default "Text 1", "Text 2"… in input order in a job of several inputs, or its first words in a job of one.',
        ),
    })
    .strict(),
  z.object({ url: z.string().trim().min(1, 'Please enter a web address.').max(2048) }).strict(),
]);

/**
 * What a job runs with: columns and document fields with rules (or a template), a description,
 * and an address to tell at its end. The definition is checked whole when the job is made
 * (recordDefinitionSchema): at least one column or field.
 */
const jobRunFieldsSchema = z.object({
  /** Told with a signed POST when the job ends (signed-in callers only). */
  webhook_url: z
    .url({ protocol: /^https?$/, error: 'Use an http or https address.' })
    .max(2048)
    .optional(),
  columns: z.array(columnDefinitionSchema).max(COLUMN_LIMITS.columns).optional(),
  fields: z
    .array(columnDefinitionSchema)
    .max(COLUMN_LIMITS.columns)
    .optional()
    .describe('The document’s own fields, one value per document (invoice number, date, total).'),
  rules: rulesSchema
    .optional()
    .describe(
      'Rules checked across fields and columns (sum, formula, required, pattern, range, unique); a failed one flags its cells RULE_FAILED.',
    ),
  template: z.string().trim().max(50).optional(),
  description: z
    .string()
    .trim()
    .max(1000, 'Please keep the description under 1000 characters.')
    .optional(),
  cache: cacheFieldSchema,
});

/** POST /api/jobs: as JSON, or as the `request` part of a multipart upload (inputs optional). */
export const jobRequestSchema = jobRunFieldsSchema.extend({
  inputs: z.array(jobInputSchema).max(BATCH_MAX_DOCUMENTS_LIMIT).optional(),
});

export type JobRequest = z.input<typeof jobRequestSchema>;

export const jobListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const JOB_RESULT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export const JOB_RESULT_SHAPES = ['flat', 'documents'] as const;
export type JobResultShape = (typeof JOB_RESULT_SHAPES)[number];
/** POST /api/jobs/{id}/rerun: the same documents, unread, with new columns (or a template). */
export const rerunRequestSchema = jobRunFieldsSchema.extend({
  document_ids: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(BATCH_MAX_DOCUMENTS_LIMIT)
    .optional()
    .describe(
      'Only these documents of the job (a failed one tried again, say); all it can run again when left out. With no columns, fields or template given, the run uses the job’s own.',
    ),
});
export type RerunRequest = z.input<typeof rerunRequestSchema>;

export const jobResultQuerySchema = z.object({
  format: z.enum(JOB_RESULT_FORMATS).default('json'),
  bom: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe(
      'CSV only: start the file with a UTF-8 byte order mark, so Excel reads accents right (the default); bom=false leaves it out, for programs that do not expect one.',
    ),
  tz: z
    .string()
    .max(64)
    .default('UTC')
    .transform((zone) => (isTimeZone(zone) ? zone : 'UTC'))
    .describe(
      'The time zone of the time in the file name (Content-Disposition), an IANA name such as Europe/Berlin; UTC when not given or not known.',
    ),
  include_fallback: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe(
      "`true` adds the fallback rows of documents that gave no rows (their text's start, under their name), as the converter does when asked; left out by default.",
    ),
  shape: z
    .enum(JOB_RESULT_SHAPES)
    .default('flat')
    .describe(
      'JSON only. `flat` (the default): the one table, a row per line item with its document’s fields repeated. `documents`: `{documents:[{document_id, source, fields, fieldCells, rows, cells, checks}]}`, one entry per document. CSV and XLSX are always flat; XLSX adds Documents and Items sheets when the job has fields.',
    ),
});

/** The job's one table: a first column naming each row's document, then the user's columns. */
export function sourceColumnName(columns: ColumnDefinition[]): string {
  const taken = new Set(columns.map((column) => column.name.toLowerCase()));
  return ['source', 'source_document', 'document'].find((name) => !taken.has(name)) ?? '_source';
}
