import type { z } from 'zod';
import type { apiErrorBodySchema } from './error-body';
import { INTERNAL_MESSAGE, NO_CONTENT_MESSAGE, type ErrorCode } from './error-codes';

export { INTERNAL_MESSAGE, isErrorCode, NO_CONTENT_MESSAGE, type ErrorCode } from './error-codes';

/**
 * The one catalogue of error codes. Each code has its HTTP status and the message a user sees.
 * Messages quoted in SPEC.md are used verbatim; `{name}` placeholders are filled from `params`.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_FAILED: { status: 400, message: 'Some fields need your attention.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  MALFORMED_ENCODING: {
    status: 400,
    message:
      'The address or name contains a malformed %-escape: each % must start a valid escape such as %20.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  BODY_TOO_LARGE: {
    status: 413,
    message: 'The request body is too large: send at most {maxKilobytes} KB{hint}.',
  },
  JSON_TOO_COMPLEX: {
    status: 413,
    message:
      'The JSON body is too complex: send at most {maxValues} values, nested at most {maxDepth} deep.',
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as {expected}.' },
  CROSS_SITE_REQUEST: {
    status: 403,
    message: 'This request came from another site, so it was refused.',
  },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  API_ROUTE_NOT_FOUND: { status: 404, message: 'There is no API endpoint at {method} {path}.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'This method is not allowed here.' },
  RATE_LIMITED: {
    status: 429,
    message: 'Too many requests. Please wait {retryAfterSeconds} seconds and try again.',
  },
  CONTACT_RATE_LIMITED: {
    status: 429,
    message:
      'You have sent several messages in a short time. Please wait {retryAfterSeconds} seconds before sending another.',
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The service is temporarily unavailable. Please try again shortly.',
  },
  INTERNAL: { status: 500, message: INTERNAL_MESSAGE },

  // Reading input (SPEC.md sections 5 and 8 where quoted).
  NO_CONTENT: { status: 400, message: NO_CONTENT_MESSAGE },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    message:
      'Failed to process file: {fileName} is {detected}, which is not supported. {supported}',
  },
  FILE_TYPE_MISMATCH: {
    status: 415,
    message:
      'Failed to process file: {fileName} is named like {claimed} but its content is {detected}. {supported}',
  },
  // The browser's own check says the same (program-files.ts; a test holds the two together).
  FILE_IS_PROGRAM: {
    status: 415,
    message: 'This file is a program, not a document: {fileName} is {program}. {supported}',
  },
  FILE_TOO_LARGE: { status: 413, message: 'File is too large. Maximum size is {maxMegabytes}MB.' },
  PDF_TOO_LARGE: {
    status: 413,
    message: 'PDF file is too large. Maximum size is {maxMegabytes}MB.',
  },
  ARCHIVE_TOO_LARGE: {
    status: 413,
    message: 'Failed to process file: it unpacks to more than {maxMegabytes}MB.',
  },
  ARCHIVE_PART_TOO_LARGE: {
    status: 413,
    message: 'Failed to process file: one of its parts unpacks to more than {maxMegabytes}MB.',
  },
  ARCHIVE_TOO_MANY_ELEMENTS: {
    status: 422,
    message: 'Failed to process file: one of its parts holds more than {maxElements} elements.',
  },
  ARCHIVE_TOO_MANY_ENTRIES: {
    status: 422,
    message: 'Failed to process file: it holds more than {maxEntries} parts.',
  },
  HTML_TOO_LARGE: {
    status: 413,
    message: 'Failed to process the page: it is larger than {maxMegabytes}MB.',
  },
  HTML_TOO_MANY_ELEMENTS: {
    status: 422,
    message: 'Failed to process the page: it has more than {maxElements} elements.',
  },
  FILE_PROCESSING_FAILED: { status: 422, message: 'Failed to process file: {message}' },
  PDF_PROCESSING_FAILED: { status: 422, message: 'Error processing PDF: {message}' },
  IMAGE_PROCESSING_FAILED: { status: 422, message: 'Failed to process image: {message}' },
  TEXT_FILE_UNREADABLE: { status: 422, message: 'Failed to read text file' },
  CONTENT_EMPTY: { status: 422, message: 'The content appears to be empty after cleaning' },
  READ_TOO_COMPLEX: {
    status: 422,
    message: 'This file is too complex to read. Try a smaller file or fewer pages.',
  },
  SERVER_BUSY: {
    status: 503,
    message:
      'The server is busy reading other files. Please try again in {retryAfterSeconds} seconds.',
  },
  URL_INVALID: { status: 400, message: 'Failed to extract content from URL: {message}' },
  URL_NOT_ALLOWED: { status: 400, message: 'Failed to extract content from URL: {message}' },
  URL_FETCH_FAILED: { status: 502, message: 'Failed to extract content from URL: {message}' },
  URL_HOST_NOT_FOUND: {
    status: 422,
    message:
      'Failed to extract content from URL: {host} could not be found. Check the address for typing mistakes.',
  },
  // Extraction (SPEC.md section 8).
  EXTRACTION_INPUT_REQUIRED: {
    status: 400,
    message: 'Content and columns are required for data extraction',
  },
  COLUMNS_REQUIRED: { status: 400, message: 'At least one valid column name is required' },
  PDF_EXTRACTION_FAILED: {
    status: 422,
    message: 'PDF extraction failed. Please try a different file format.',
  },
  MODEL_API_ERROR: { status: 502, message: 'OpenAI API error: {status} {statusText}' },
  MODEL_TIMEOUT: { status: 504, message: 'OpenAI API error: 504 the model did not answer in time' },
  MODEL_RATE_LIMITED: {
    status: 503,
    message: 'The model provider kept refusing requests (rate limit) for {minutes} minutes',
  },
  /** A part's failure inside a result (the provider's `refusal`), never an HTTP answer. */
  MODEL_REFUSED: { status: 422, message: 'The model refused to answer: {reason}' },
  WEBPAGE_FETCH_FAILED: {
    status: 502,
    message: 'Failed to extract webpage content: {statusText}',
  },

  // Accounts, credits, the trial and stored results.
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_API_KEY: {
    status: 401,
    message:
      'This API key is not valid: it may have been revoked. Create a new key in Settings and send it as Authorization: Bearer <key>.',
  },
  SESSION_REQUIRED: {
    status: 403,
    message:
      'This needs a signed-in browser session: an API key cannot manage API keys or webhook secrets, change the name, email or password, or delete the account. Sign in and use Settings.',
  },
  EXTRACTOR_NAME_TAKEN: {
    status: 409,
    message: 'You already have an extractor called "{name}". Choose another name or edit that one.',
  },
  EXTRACTOR_LIMIT_REACHED: {
    status: 409,
    message: 'You can keep at most {limit} saved extractors. Delete one you no longer use first.',
  },
  SCHEDULE_LIMIT_REACHED: {
    status: 409,
    message:
      'You can keep at most {limit} scheduled pages. Remove the schedule of an extractor you no longer need first.',
  },
  SCHEDULE_URL_REFUSED: { status: 400, message: 'The page address was refused: {message}' },
  SCHEDULE_RUN_TOO_SOON: {
    status: 429,
    message:
      'This page was read less than a minute ago. Run it again in {retryAfterSeconds} seconds.',
  },
  /** Said to the sender of a mail (an SMTP refusal), never by the HTTP API. */
  INBOX_NOTHING_TO_READ: {
    status: 422,
    message:
      'The mail has no attachment we can read and no table in its body{skipped}. Attach a PDF, Word, Excel, CSV, text, HTML, JSON or image file.',
  },
  /** Said to the sender of a mail (an SMTP refusal), never by the HTTP API. */
  INBOX_MAIL_UNREADABLE: { status: 422, message: 'This mail could not be read: {reason}' },
  UNKNOWN_TEMPLATE: {
    status: 400,
    message:
      'There is no template or saved extractor "{template}". Use a built-in template key or the id of one of your saved extractors.',
  },
  API_KEY_LIMIT_REACHED: {
    status: 409,
    message: 'An account can hold at most {limit} API keys. Revoke one you no longer use first.',
  },
  AUTH_RATE_LIMITED: {
    status: 429,
    message: 'Too many attempts. Please wait {retryAfterSeconds} seconds and try again.',
  },
  SIGN_IN_PAUSED: {
    status: 429,
    message:
      'Too many failed sign-ins to this account from devices and networks it is not used from. If it is your account, reset your password with "Forgot password?": the link we email lets you in. Otherwise, please wait {retryAfterSeconds} seconds.',
  },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password.' },
  CURRENT_PASSWORD_WRONG: {
    status: 400,
    message: 'Your current password is not right. Type it again, or sign out and reset it.',
  },
  AUTH_LINK_INVALID: {
    status: 400,
    message: 'This link is invalid or has expired. Ask for a new one.',
  },
  /** Any other refusal from the account library: its message, in our shape. */
  AUTH_REQUEST_REFUSED: { status: 400, message: '{message}' },
  NO_CREDITS: {
    status: 402,
    message: 'You have no credits remaining. Upgrade your plan to run more extractions.',
  },
  CREDIT_REQUEST_PENDING: {
    status: 409,
    message:
      'You already asked for credits on {date}. We answer each request once; the credits will show on your dashboard.',
  },
  TRIAL_LIMIT_REACHED: {
    status: 402,
    message:
      'You have used your {limit} free extractions. Sign up to get {credits} credits free{apiKeyHint}.',
  },
  NOT_ENOUGH_CREDITS: {
    status: 402,
    message:
      'This batch has {count} documents but you have {left} left. Remove some documents or get more credits.',
  },
  TRIAL_BATCH_TOO_LARGE: {
    status: 402,
    message:
      'This batch has {count} documents but you have {left} left. Sign up to get {credits} credits free{apiKeyHint}.',
  },
  BATCH_TOO_LARGE: {
    status: 413,
    message: 'A batch can hold at most {max} documents.',
  },
  JOB_NOT_FOUND: { status: 404, message: 'There is no such job.' },
  DOCUMENT_STARTED: {
    status: 409,
    message:
      'This document has already started, so it cannot be cancelled alone: cancel the whole job to stop it.',
  },
  WEBHOOK_URL_REFUSED: { status: 400, message: 'The webhook address was refused: {message}' },
  WEBHOOK_NEEDS_ACCOUNT: {
    status: 400,
    message: 'Webhooks are for signed-in users: sign in or use an API key to set webhook_url.',
  },
  JOB_NOT_FINISHED: {
    status: 409,
    message: 'This job is still running. Run it again once it has finished.',
  },
  RERUN_UNAVAILABLE: {
    status: 409,
    message:
      'This job can no longer run again without its files: what was read is kept for {hours} hours. Run the files again.',
  },
  RUN_INTERRUPTED: {
    status: 503,
    message: 'The run stopped when the server restarted. Nothing was charged; please run it again.',
  },
  TOO_MANY_EVENT_STREAMS: {
    status: 429,
    message:
      'You already follow {max} jobs’ progress at once, the most allowed. Close one of them and try again.',
  },
  EXPORTS_BUSY: {
    status: 503,
    message:
      'The server is busy preparing other downloads. Please try again in {retryAfterSeconds} seconds.',
  },
  EXPORT_TOO_LARGE: {
    status: 422,
    message:
      "This job's table is too large to download as one file. Download each document's result instead.",
  },
  RESULT_EXPIRED: {
    status: 410,
    message:
      'The results of this run were deleted: runs without an account are kept for {hours} hours. Sign up to keep your runs.',
  },
  CORRECTION_DOCUMENT_NOT_FOUND: {
    status: 400,
    message: 'This job has no document {document} with rows to correct.',
  },
  CORRECTION_ROW_NOT_FOUND: {
    status: 400,
    message:
      'There is no row {row} in the document {document}: it has {count} rows, numbered from 0.',
  },
  CORRECTION_COLUMN_NOT_FOUND: {
    status: 400,
    message: 'There is no column "{column}" in this job. Its columns are {columns}.',
  },
  CORRECTION_FIELD_NOT_FOUND: {
    status: 400,
    message: 'There is no field "{field}" in this job. Its fields: {fields}.',
  },
  CORRECTION_VALUE_INVALID: {
    status: 400,
    message: 'The {kind} "{column}" holds a {type}, and {value} is not one ({hint}).',
  },
  CORRECTION_NOT_FOUND: { status: 404, message: 'This job has no such correction.' },
  RUN_CANCELLED: {
    status: 409,
    message: 'The run was cancelled, so nothing was charged.',
  },
  DELETE_CONFIRMATION_REQUIRED: {
    status: 400,
    message: "Please type 'DELETE' to confirm account deletion.",
  },
  ACCOUNT_DELETE_FAILED: {
    status: 500,
    message: 'Error deleting account. Please try again or contact support.',
  },
  DOWNLOAD_LINK_INVALID: {
    status: 403,
    message: 'This download link is invalid or has expired. Ask for a new one from your dashboard.',
  },
  STORED_FILE_EXISTS: { status: 409, message: 'A stored file already exists at {key}.' },
  STORAGE_FAILED: { status: 503, message: 'File storage is unavailable: {message}' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

/**
 * `{apiKeyHint}` of the trial refusals: empty for a browser (the converter shows its own dialog),
 * and for a script (no Origin, no Sec-Fetch-Site) how to go on once the free runs are used.
 */
export const API_KEY_HINT =
  ', then create an API key in Settings and send it as Authorization: Bearer <key>';

export type ErrorParams = Record<string, string | number>;

/** The JSON body of every error answer from the API (its schema is in error-body.ts). */
export type ApiErrorBody = z.output<typeof apiErrorBodySchema>;

export function formatErrorMessage(code: ErrorCode, params: ErrorParams = {}): string {
  return ERROR_CATALOGUE[code].message.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    Object.hasOwn(params, key) ? String(params[key]) : placeholder,
  );
}

export type AppErrorOptions = {
  params?: ErrorParams;
  details?: unknown;
  cause?: unknown;
  /** The message as already formatted elsewhere (an error that crossed from a worker thread). */
  message?: string;
  /** Sent as the Retry-After header: when the client may try again. */
  retryAfterSeconds?: number;
};

/** An expected failure: operations throw it, and one translation point turns it into a response. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? formatErrorMessage(code, options.params), { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CATALOGUE[code].status;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
