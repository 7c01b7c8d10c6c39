/**
 * Every error code of the API, without its status and message (those are in ERROR_CATALOGUE,
 * errors.ts, which must have exactly these keys: the type checker holds the two together). The
 * browser recognises our error bodies by their shape (lib/api-client.ts), so pages download
 * neither this list nor the catalogue's messages, which the server sends with each error anyway;
 * they import only the two messages below. (A bundle holds a module whole: what the home page
 * needs cannot live in errors.ts.)
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'MALFORMED_ENCODING',
  'PAYLOAD_TOO_LARGE',
  'BODY_TOO_LARGE',
  'JSON_TOO_COMPLEX',
  'UNSUPPORTED_MEDIA_TYPE',
  'CROSS_SITE_REQUEST',
  'NOT_FOUND',
  'API_ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'CONTACT_RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',

  // Reading input (SPEC.md sections 5 and 8 where quoted).
  'NO_CONTENT',
  'UNSUPPORTED_FILE_TYPE',
  'FILE_TYPE_MISMATCH',
  'FILE_IS_PROGRAM',
  'FILE_TOO_LARGE',
  'PDF_TOO_LARGE',
  'ARCHIVE_TOO_LARGE',
  'ARCHIVE_PART_TOO_LARGE',
  'ARCHIVE_TOO_MANY_ELEMENTS',
  'ARCHIVE_TOO_MANY_ENTRIES',
  'HTML_TOO_LARGE',
  'HTML_TOO_MANY_ELEMENTS',
  'FILE_PROCESSING_FAILED',
  'PDF_PROCESSING_FAILED',
  'IMAGE_PROCESSING_FAILED',
  'TEXT_FILE_UNREADABLE',
  'CONTENT_EMPTY',
  'READ_TOO_COMPLEX',
  'SERVER_BUSY',
  'URL_INVALID',
  'URL_NOT_ALLOWED',
  'URL_FETCH_FAILED',
  'URL_HOST_NOT_FOUND',

  // Extraction (SPEC.md section 8).
  'EXTRACTION_INPUT_REQUIRED',
  'COLUMNS_REQUIRED',
  'PDF_EXTRACTION_FAILED',
  'MODEL_API_ERROR',
  'MODEL_TIMEOUT',
  'MODEL_RATE_LIMITED',
  'MODEL_REFUSED',
  'WEBPAGE_FETCH_FAILED',

  // Accounts, credits, the trial and stored results.
  'UNAUTHENTICATED',
  'INVALID_API_KEY',
  'SESSION_REQUIRED',
  'EXTRACTOR_NAME_TAKEN',
  'EXTRACTOR_LIMIT_REACHED',
  'UNKNOWN_TEMPLATE',
  'SCHEDULE_LIMIT_REACHED',
  'SCHEDULE_URL_REFUSED',
  'SCHEDULE_RUN_TOO_SOON',
  'INBOX_NOTHING_TO_READ',
  'INBOX_MAIL_UNREADABLE',
  'API_KEY_LIMIT_REACHED',
  'AUTH_RATE_LIMITED',
  'SIGN_IN_PAUSED',
  'INVALID_CREDENTIALS',
  'CURRENT_PASSWORD_WRONG',
  'AUTH_LINK_INVALID',
  'AUTH_REQUEST_REFUSED',
  'NO_CREDITS',
  'CREDIT_REQUEST_PENDING',
  'TRIAL_LIMIT_REACHED',
  'NOT_ENOUGH_CREDITS',
  'TRIAL_BATCH_TOO_LARGE',
  'BATCH_TOO_LARGE',
  'JOB_NOT_FOUND',
  'DOCUMENT_STARTED',
  'WEBHOOK_URL_REFUSED',
  'WEBHOOK_NEEDS_ACCOUNT',
  'JOB_NOT_FINISHED',
  'RERUN_UNAVAILABLE',
  'RUN_INTERRUPTED',
  'TOO_MANY_EVENT_STREAMS',
  'EXPORTS_BUSY',
  'EXPORT_TOO_LARGE',
  'RESULT_EXPIRED',
  'CORRECTION_DOCUMENT_NOT_FOUND',
  'CORRECTION_ROW_NOT_FOUND',
  'CORRECTION_COLUMN_NOT_FOUND',
  'CORRECTION_FIELD_NOT_FOUND',
  'CORRECTION_VALUE_INVALID',
  'CORRECTION_NOT_FOUND',
  'RUN_CANCELLED',
  'DELETE_CONFIRMATION_REQUIRED',
  'ACCOUNT_DELETE_FAILED',
  'DOWNLOAD_LINK_INVALID',
  'STORED_FILE_EXISTS',
  'STORAGE_FAILED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const CODES: ReadonlySet<string> = /* @__PURE__ */ new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

// Two messages of the catalogue that the browser shows itself: before sending, and for a failure
// without an answer.
export const NO_CONTENT_MESSAGE =
  'No content to process. Please enter some text, paste a URL, or upload a file.';
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
