import { z } from 'zod';
import {
  creditsSchema,
  deleteAccountSchema,
  deletedSchema,
  downloadLinkSchema,
  profileSchema,
  storedExtractionSchema,
  trialStandingSchema,
  usagePageSchema,
  usageQuerySchema,
} from '../../shared/account';
import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '../../shared/api-keys';
import { suggestedColumnsSchema } from '../../shared/columns';
import { contactMessageSchema, contactReceivedSchema } from '../../shared/contact';
import {
  creditRequestInputSchema,
  creditRequestListSchema,
  creditRequestSchema,
} from '../../shared/credit-requests';
import { documentSchema } from '../../shared/document';
import { cacheFieldSchema, extractionRequestSchema } from '../../shared/extraction-request';
import {
  documentResultSchema,
  extractionProgressSchema,
  extractionResponseSchema,
} from '../../shared/extraction-result';
import {
  automationInputSchema,
  automationSettingsSchema,
  extractorInputSchema,
  extractorListSchema,
  extractorSchema,
  scheduleInputSchema,
  scheduleRowsSchema,
  scheduleRunSchema,
} from '../../shared/extractors';
import { healthSchema } from '../../shared/health';
import {
  jobAcceptedSchema,
  jobEventSchema,
  jobLimitsSchema,
  jobListQuerySchema,
  jobPageSchema,
  jobRequestSchema,
  jobResultDocumentsSchema,
  jobResultQuerySchema,
  jobResultTableSchema,
  jobSchema,
  rerunRequestSchema,
} from '../../shared/jobs';
import { readQuerySchema, readRequestSchema } from '../../shared/read-request';
import { correctionsRequestSchema, correctionsResponseSchema } from '../../shared/review';
import { EXPORT_MIME_TYPES } from '../../shared/table-export';
import { webhookSecretSchema } from '../../shared/webhooks';
import { authEndpoints } from './auth-endpoints';
import type { Endpoint } from './build-document';

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const ok = (description: string, schema: z.ZodType) => ({ description, content: json(schema) });

/** What the endpoints that read input (read, extract, suggest) may refuse. */
const INPUT_ERRORS = [
  'NO_CONTENT',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TYPE_MISMATCH',
  'FILE_IS_PROGRAM',
  'FILE_TOO_LARGE',
  'PDF_TOO_LARGE',
  'FILE_PROCESSING_FAILED',
  'CONTENT_EMPTY',
  'URL_INVALID',
  'URL_NOT_ALLOWED',
  'URL_FETCH_FAILED',
  'URL_HOST_NOT_FOUND',
  'SERVER_BUSY',
] as const;

const uploadSchema = z.object({
  file: z.file().optional().describe('The file to read'),
  text: z
    .string()
    .optional()
    .describe('Text to read, without a file: text longer than a JSON body may be comes this way'),
  url: z.string().optional().describe('A web address to read, without a file or text'),
});
const readBody = { ...json(readRequestSchema), 'multipart/form-data': uploadSchema };

const JOB_PAYMENT_ERRORS = ['NO_CREDITS', 'TRIAL_LIMIT_REACHED', 'NOT_ENOUGH_CREDITS'] as const;

/**
 * Every public endpoint of the API, in the order the reference shows them. A new endpoint is one
 * entry here (or in auth-endpoints.ts for better-auth's); openapi.test.ts fails for a route that
 * is mounted but not listed, or listed but not mounted.
 */
export function apiEndpoints(options: { minPasswordLength: number }): Endpoint[] {
  return [
    {
      method: 'get',
      path: '/api/health',
      tag: 'Service',
      auth: 'public',
      summary: 'Whether the server and its database are up',
      responses: { 200: ok('Up', healthSchema), 503: ok('Database unreachable', healthSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/openapi.json',
      tag: 'Service',
      auth: 'public',
      summary: 'This document: the OpenAPI 3.1 description of the API',
      responses: { 200: ok('The document', z.record(z.string(), z.unknown())) },
      errors: [],
    },
    {
      method: 'post',
      path: '/api/contact',
      tag: 'Service',
      auth: 'public',
      summary: 'Send a message to the team',
      body: json(contactMessageSchema),
      responses: { 201: ok('Received', contactReceivedSchema) },
      errors: ['PAYLOAD_TOO_LARGE', 'CONTACT_RATE_LIMITED'],
    },
    {
      method: 'post',
      path: '/api/documents/read',
      tag: 'Extraction',
      auth: 'public',
      summary: 'Read one input into a Document',
      description: 'Multipart with a `file` field, or JSON `{ text }` or `{ url }`.',
      query: readQuerySchema,
      body: readBody,
      responses: { 200: ok('The Document: Markdown, segments, tables, images', documentSchema) },
      errors: [...INPUT_ERRORS],
    },
    {
      method: 'post',
      path: '/api/extractions',
      tag: 'Extraction',
      auth: 'optional',
      summary: 'Extract a table from one input',
      description:
        'Costs a credit (signed in) or a free run (anonymous), given back unless the status is 200. With `Accept: text/event-stream` the run streams a `job` event (`{ job_id }`), then `progress` events, and ends with a `result` (or `error`) event. The run is a one-document job: a caller who goes away leaves it running to its end (see `GET /api/jobs/{id}`); `DELETE /api/jobs/{id}` cancels it.',
      body: {
        ...json(extractionRequestSchema),
        'multipart/form-data': extractionRequestSchema.extend({
          file: z.file().optional(),
          columns: z.string().optional().describe('The columns as a JSON array'),
          cache: z
            .enum(['true', 'false'])
            .optional()
            .describe(cacheFieldSchema.description ?? ''),
        }),
      },
      responses: {
        200: {
          description: 'Rows extracted (SSE: `job`, `progress` data, then `result`)',
          content: {
            ...json(extractionResponseSchema),
            'text/event-stream': extractionProgressSchema,
          },
        },
        207: ok('Partly extracted: see notice and message', extractionResponseSchema),
        500: ok('Extraction failed: fallback rows', extractionResponseSchema),
      },
      errors: [
        ...INPUT_ERRORS,
        'COLUMNS_REQUIRED',
        'UNKNOWN_TEMPLATE',
        'NO_CREDITS',
        'TRIAL_LIMIT_REACHED',
        'MODEL_API_ERROR',
        'MODEL_TIMEOUT',
      ],
    },
    {
      method: 'post',
      path: '/api/columns/suggest',
      tag: 'Extraction',
      auth: 'public',
      summary: 'Suggest columns for an input',
      body: readBody,
      responses: { 200: ok('Suggested columns', suggestedColumnsSchema) },
      errors: [...INPUT_ERRORS],
    },
    {
      method: 'post',
      path: '/api/jobs',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'Start a batch of documents as one job',
      description:
        'JSON, or multipart with `file` parts and a `request` part holding the JSON (inputs then optional). Pays one credit or free run per document first.',
      body: {
        ...json(jobRequestSchema),
        'multipart/form-data': z.object({
          file: z.array(z.file()).describe('One part per document'),
          request: z.string().describe('The JSON request: columns or template, description'),
        }),
      },
      responses: { 202: ok('Accepted; workers run the documents', jobAcceptedSchema) },
      errors: [
        ...JOB_PAYMENT_ERRORS,
        'TRIAL_BATCH_TOO_LARGE',
        'BATCH_TOO_LARGE',
        'FILE_TOO_LARGE',
        'COLUMNS_REQUIRED',
        'UNKNOWN_TEMPLATE',
        'NO_CONTENT',
        'WEBHOOK_NEEDS_ACCOUNT',
        'WEBHOOK_URL_REFUSED',
      ],
    },
    {
      method: 'get',
      path: '/api/jobs',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'The caller’s jobs, newest first',
      query: jobListQuerySchema,
      responses: { 200: ok('A page of jobs', jobPageSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/jobs/limits',
      tag: 'Jobs',
      auth: 'public',
      summary: 'How large a batch this server takes',
      responses: { 200: ok('The limits', jobLimitsSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/jobs/{id}',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'One job with its documents',
      responses: { 200: ok('The job', jobSchema) },
      errors: ['JOB_NOT_FOUND'],
    },
    {
      method: 'get',
      path: '/api/jobs/{id}/events',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'Follow a job as server-sent events',
      description:
        'Events `progress`, `document`, `status` and `end`, each with its id. One person may hold `EVENT_STREAMS_PER_USER` (10) streams open at once.',
      headers: [{ name: 'Last-Event-ID', description: 'Resume after this event' }],
      responses: {
        200: {
          description: 'The event stream; each event’s data',
          content: { 'text/event-stream': jobEventSchema },
        },
      },
      errors: ['JOB_NOT_FOUND', 'RESULT_EXPIRED', 'TOO_MANY_EVENT_STREAMS'],
    },
    {
      method: 'get',
      path: '/api/jobs/{id}/result',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'The job’s one table, with a first source column',
      description:
        'Corrections applied in every format. A job with document fields has them after the source column, repeated on each of a document’s rows, and one row for a document with none of its own; its XLSX adds a Documents sheet (a row per document) and an Items sheet (a row per line item, numbered from 1) in place of a sheet per document; `shape=documents` answers JSON records instead, one per document with its fields, rows, cells and checks. JSON adds each number column’s `decimals` in the source, each row’s cells (confidence, flag, reasons, evidence) and origin (document and row, as corrections name them) and the review summary. CSV is UTF-8 with a byte order mark for Excel (`bom=false` leaves it out) and writes each number column with its source decimals (12.50), without thousands separators; XLSX gives those columns a number format of their decimals (0.00). The file’s name (Content-Disposition) is the saved extractor’s or template’s name the job ran with, else its document’s (or its first and how many more), then the download’s date and time in `tz`: `statement-march_2026-11-25_1432.csv`.',
      query: jobResultQuerySchema,
      responses: {
        200: {
          description: 'JSON, CSV, or XLSX with a sheet per document',
          content: {
            ...json(z.union([jobResultTableSchema, jobResultDocumentsSchema])),
            'text/csv': z
              .string()
              .describe('UTF-8, starting with a byte order mark unless bom=false'),
            [EXPORT_MIME_TYPES.xlsx]: z.string().describe('The workbook’s bytes'),
          },
        },
      },
      errors: ['JOB_NOT_FOUND', 'RESULT_EXPIRED', 'EXPORTS_BUSY', 'EXPORT_TOO_LARGE'],
    },
    {
      method: 'get',
      path: '/api/jobs/{id}/documents/{documentId}/result',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'One document’s whole result: cells with evidence, corrections applied',
      responses: { 200: ok('The result, with its page pictures', documentResultSchema) },
      errors: ['JOB_NOT_FOUND', 'NOT_FOUND', 'RESULT_EXPIRED'],
    },
    {
      method: 'get',
      path: '/api/jobs/{id}/documents/{documentId}/pages/{page}',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'A page of a PDF or image document as a picture, to show evidence boxes on',
      description:
        'The pages listed in the document result’s `pages`: a PDF page as JPEG, an image as it was read. Evidence boxes are in page units: scale them by the picture’s width over `box.pageWidth`.',
      responses: {
        200: {
          description: 'The picture',
          content: {
            'image/jpeg': z.string().describe('The picture’s bytes'),
            'image/png': z.string().describe('The picture’s bytes'),
            'image/webp': z.string().describe('The picture’s bytes'),
            'image/gif': z.string().describe('The picture’s bytes'),
          },
        },
      },
      errors: ['JOB_NOT_FOUND', 'NOT_FOUND', 'RESULT_EXPIRED', 'VALIDATION_FAILED'],
    },
    {
      method: 'get',
      path: '/api/jobs/{id}/corrections',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'The job’s corrections, oldest first, and its review summary',
      responses: { 200: ok('The corrections', correctionsResponseSchema) },
      errors: ['JOB_NOT_FOUND', 'RESULT_EXPIRED'],
    },
    {
      method: 'post',
      path: '/api/jobs/{id}/corrections',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'Correct cells of the job’s results (all or nothing)',
      description:
        'Each `{ document_id, row, column, value }` names a cell by its document and row index (a row’s `origins` entry in the job’s table) and its column; each `{ document_id, field, value }` names one of the document’s fields. The value is coerced to the column’s or field’s type. A cell or field keeps one correction: a new one replaces it. The extracted value itself accepts it. The document’s rules are checked again on the corrected values (a check that now passes takes its RULE_FAILED flags away). Answers the job’s corrections as they now stand.',
      body: json(correctionsRequestSchema),
      responses: { 200: ok('The job’s corrections', correctionsResponseSchema) },
      errors: [
        'JOB_NOT_FOUND',
        'RESULT_EXPIRED',
        'CORRECTION_DOCUMENT_NOT_FOUND',
        'CORRECTION_ROW_NOT_FOUND',
        'CORRECTION_COLUMN_NOT_FOUND',
        'CORRECTION_VALUE_INVALID',
      ],
    },
    {
      method: 'delete',
      path: '/api/jobs/{id}/corrections/{correctionId}',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'Undo a correction: the cell shows the extracted value again',
      responses: { 200: ok('The job’s corrections', correctionsResponseSchema) },
      errors: ['JOB_NOT_FOUND', 'RESULT_EXPIRED', 'CORRECTION_NOT_FOUND'],
    },
    {
      method: 'delete',
      path: '/api/jobs/{id}',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'Cancel a job; credits of documents not run come back',
      responses: { 200: ok('The job, cancelled', jobSchema) },
      errors: ['JOB_NOT_FOUND'],
    },
    {
      method: 'delete',
      path: '/api/jobs/{id}/documents/{documentId}',
      tag: 'Jobs',
      auth: 'optional',
      summary:
        'Cancel one document that has not started (queued, or waiting for credits); its credit comes back',
      responses: { 200: ok('The job, the document cancelled', jobSchema) },
      errors: ['JOB_NOT_FOUND', 'DOCUMENT_STARTED'],
    },
    {
      method: 'post',
      path: '/api/jobs/{id}/rerun',
      tag: 'Jobs',
      auth: 'optional',
      summary: 'Run a finished job’s documents again with new columns',
      description: 'From what was read from them, kept 24 hours; one credit per document.',
      body: json(rerunRequestSchema),
      responses: { 202: ok('Accepted as a new job', jobAcceptedSchema) },
      errors: [
        'JOB_NOT_FOUND',
        'RESULT_EXPIRED',
        'JOB_NOT_FINISHED',
        'RERUN_UNAVAILABLE',
        'COLUMNS_REQUIRED',
        'UNKNOWN_TEMPLATE',
        'WEBHOOK_NEEDS_ACCOUNT',
        'WEBHOOK_URL_REFUSED',
        ...JOB_PAYMENT_ERRORS,
      ],
    },
    ...authEndpoints(options.minPasswordLength),
    {
      method: 'get',
      path: '/api/account',
      tag: 'Accounts',
      auth: 'user',
      summary: 'The signed-in user’s profile',
      responses: { 200: ok('The profile', profileSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/account/credits',
      tag: 'Accounts',
      auth: 'user',
      summary: 'Credits left and granted',
      responses: { 200: ok('The credits', creditsSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/credit-requests',
      tag: 'Accounts',
      auth: 'user',
      summary: 'Your requests for more credits, newest first',
      responses: { 200: ok('The requests', creditRequestListSchema) },
      errors: [],
    },
    {
      method: 'post',
      path: '/api/credit-requests',
      tag: 'Accounts',
      auth: 'user',
      summary: 'Ask for more credits',
      description:
        'Stored with your account for an operator, who answers by granting credits. One request waits at a time.',
      body: json(creditRequestInputSchema),
      responses: { 201: ok('The request', creditRequestSchema) },
      errors: ['CREDIT_REQUEST_PENDING'],
    },
    {
      method: 'get',
      path: '/api/account/usage',
      tag: 'Accounts',
      auth: 'user',
      summary: 'The user’s runs, newest first',
      query: usageQuerySchema,
      responses: { 200: ok('A page of runs', usagePageSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/account/usage/{id}/download',
      tag: 'Accounts',
      auth: 'user',
      summary: 'A link to a run’s stored result, valid for 3600 s',
      responses: { 200: ok('The link', downloadLinkSchema) },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'delete',
      path: '/api/account',
      tag: 'Accounts',
      auth: 'session',
      summary: 'Delete the account and everything kept about it',
      body: json(deleteAccountSchema.describe('`confirmation` must be "DELETE"')),
      responses: { 200: ok('Deleted and signed out', deletedSchema) },
      errors: ['DELETE_CONFIRMATION_REQUIRED', 'ACCOUNT_DELETE_FAILED'],
    },
    {
      method: 'get',
      path: '/api/downloads/{token}',
      tag: 'Accounts',
      auth: 'public',
      summary: 'A stored result through a signed link',
      responses: { 200: ok('The stored extraction file', storedExtractionSchema) },
      errors: ['DOWNLOAD_LINK_INVALID', 'NOT_FOUND'],
    },
    {
      method: 'get',
      path: '/api/trial',
      tag: 'Accounts',
      auth: 'public',
      summary: 'Free runs left for an anonymous visitor',
      responses: { 200: ok('The trial standing', trialStandingSchema) },
      errors: [],
    },
    {
      method: 'get',
      path: '/api/keys',
      tag: 'API keys',
      auth: 'session',
      summary: 'The user’s API keys (never their secrets)',
      responses: { 200: ok('The keys', apiKeyListSchema) },
      errors: [],
    },
    {
      method: 'post',
      path: '/api/keys',
      tag: 'API keys',
      auth: 'session',
      summary: 'Create an API key; the only answer that shows it',
      body: json(createApiKeySchema),
      responses: { 201: ok('The new key', createdApiKeySchema) },
      errors: ['API_KEY_LIMIT_REACHED'],
    },
    {
      method: 'delete',
      path: '/api/keys/{id}',
      tag: 'API keys',
      auth: 'session',
      summary: 'Revoke an API key at once',
      responses: { 200: ok('Revoked', revokedApiKeySchema) },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'get',
      path: '/api/webhooks/secret',
      tag: 'Webhooks',
      auth: 'session',
      summary: 'The secret that signs your webhooks (made on first use)',
      description:
        'Standard Webhooks: webhook-signature is v1, and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part after whsec_.',
      responses: { 200: ok('The secret', webhookSecretSchema) },
      errors: ['SESSION_REQUIRED'],
    },
    {
      method: 'post',
      path: '/api/webhooks/secret/rotate',
      tag: 'Webhooks',
      auth: 'session',
      summary: 'Replace the webhook secret; deliveries from now on use the new one',
      responses: { 200: ok('The new secret', webhookSecretSchema) },
      errors: ['SESSION_REQUIRED'],
    },
    {
      method: 'get',
      path: '/api/extractors',
      tag: 'Extractors',
      auth: 'user',
      summary: 'The user’s saved extractors, by name',
      responses: { 200: ok('The extractors', extractorListSchema) },
      errors: [],
    },
    {
      method: 'post',
      path: '/api/extractors',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Save columns and a description under a name',
      body: json(extractorInputSchema),
      responses: { 201: ok('The extractor', extractorSchema) },
      errors: ['EXTRACTOR_NAME_TAKEN', 'EXTRACTOR_LIMIT_REACHED'],
    },
    {
      method: 'get',
      path: '/api/extractors/{id}',
      tag: 'Extractors',
      auth: 'user',
      summary: 'One extractor',
      responses: { 200: ok('The extractor', extractorSchema) },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'put',
      path: '/api/extractors/{id}',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Replace an extractor’s name, columns and description',
      body: json(extractorInputSchema),
      responses: { 200: ok('The extractor', extractorSchema) },
      errors: ['NOT_FOUND', 'EXTRACTOR_NAME_TAKEN'],
    },
    {
      method: 'delete',
      path: '/api/extractors/{id}',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Delete an extractor',
      responses: { 200: ok('Deleted', deletedSchema) },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'get',
      path: '/api/extractors/automation',
      tag: 'Extractors',
      auth: 'user',
      summary: 'What this server offers extractors: mail in, replies, scheduled pages left',
      responses: { 200: ok('The settings', automationSettingsSchema) },
      errors: [],
    },
    {
      method: 'put',
      path: '/api/extractors/{id}/automation',
      tag: 'Extractors',
      auth: 'user',
      summary:
        'Who may mail the inbox, the reply to senders, and a webhook for mailed and scheduled jobs',
      description:
        'A field left out stays as it is; null turns it off. The owner’s own address may always mail the inbox; anyone else must be in `inbox_senders` (or the inbox open), by envelope sender and From header. The webhook must be a public http(s) address.',
      body: json(automationInputSchema),
      responses: { 200: ok('The extractor', extractorSchema) },
      errors: ['NOT_FOUND', 'WEBHOOK_URL_REFUSED'],
    },
    {
      method: 'post',
      path: '/api/extractors/{id}/inbox-address',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Replace the inbox address; mail to the old one is refused from now on',
      responses: { 200: ok('The extractor, with its new address', extractorSchema) },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'put',
      path: '/api/extractors/{id}/schedule',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Run a public web page hourly, daily or weekly (also resumes a paused schedule)',
      description:
        'Saving does not run the page: a new schedule first runs one interval after it is set, and saving another address or interval keeps the clock (the next run is one interval after the last run, or after the schedule was first set if it never ran). POST /api/extractors/{id}/schedule/run runs it now. Each run is a job that takes a credit and keeps only the rows no earlier run found. After SCHEDULE_MAX_FAILURES failed runs in a row the schedule pauses itself and says why.',
      body: json(scheduleInputSchema),
      responses: { 200: ok('The extractor, with its schedule', extractorSchema) },
      errors: ['NOT_FOUND', 'SCHEDULE_LIMIT_REACHED', 'SCHEDULE_URL_REFUSED'],
    },
    {
      method: 'post',
      path: '/api/extractors/{id}/schedule/run',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Run the scheduled page now, at most once a minute',
      description:
        'A run like the scheduled ones: a job that takes a credit (recorded as failed at once when none is left). The next scheduled run is one interval from now. A page read less than a minute ago, by its schedule or by this call, is not read again: 429 SCHEDULE_RUN_TOO_SOON with Retry-After.',
      responses: { 202: ok('The run’s job and the extractor', scheduleRunSchema) },
      errors: ['NOT_FOUND', 'SCHEDULE_RUN_TOO_SOON'],
    },
    {
      method: 'delete',
      path: '/api/extractors/{id}/schedule',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Stop running the page; the rows it found stay with the extractor',
      responses: { 200: ok('The extractor, without a schedule', extractorSchema) },
      errors: ['NOT_FOUND'],
    },
    {
      method: 'get',
      path: '/api/extractors/{id}/schedule/rows',
      tag: 'Extractors',
      auth: 'user',
      summary: 'Every row the schedule has found, once each, in the order first seen',
      query: jobResultQuerySchema,
      responses: {
        200: {
          description: 'JSON, CSV or XLSX, with a last first_seen column',
          content: {
            ...json(scheduleRowsSchema),
            'text/csv': z.string(),
            [EXPORT_MIME_TYPES.xlsx]: z.string().describe('The workbook’s bytes'),
          },
        },
      },
      errors: ['NOT_FOUND'],
    },
  ];
}

export const API_TAGS = [
  { name: 'Extraction', description: 'Read inputs, suggest columns, extract tables.' },
  { name: 'Jobs', description: 'Batches of documents into one table, run by workers.' },
  { name: 'Accounts', description: 'Sign-up, sign-in, profile, credits, runs and downloads.' },
  { name: 'API keys', description: 'Keys for `Authorization: Bearer`, managed from a browser.' },
  { name: 'Extractors', description: 'Saved columns and descriptions, run by their id.' },
  { name: 'Service', description: 'Health, contact and this document.' },
];
