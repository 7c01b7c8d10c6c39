/**
 * The limits /docs#limits lists: each setting's default, which tests/integration/docs-facts.test.ts
 * checks against src/server/env.ts, and what it limits.
 */
export const SETTING_LIMITS = [
  { setting: 'MAX_UPLOAD_MB', value: 25, unit: 'MB', what: 'one uploaded file' },
  { setting: 'PDF_MAX_MB', value: 10, unit: 'MB', what: 'one PDF' },
  {
    setting: 'PDF_MAX_PAGES',
    value: 5,
    unit: 'pages',
    what: 'pages read from a PDF (the first ones)',
  },
  {
    setting: 'MAX_UNCOMPRESSED_MB',
    value: 200,
    unit: 'MB',
    what: 'what a Word, Excel or PDF file unpacks to',
  },
  { setting: 'HTML_MAX_MB', value: 10, unit: 'MB', what: 'an HTML file' },
  { setting: 'URL_MAX_MB', value: 10, unit: 'MB', what: 'a web page fetched from its address' },
  { setting: 'URL_FETCH_TIMEOUT_SECONDS', value: 15, unit: 's', what: 'fetching a web page' },
  { setting: 'URL_MAX_REDIRECTS', value: 5, unit: '', what: 'redirects followed for a web page' },
  {
    setting: 'MAX_DOCUMENT_CHARACTERS',
    value: 2_000_000,
    unit: 'characters',
    what: 'text kept from one input',
  },
  { setting: 'MAX_TABLE_ROWS', value: 100_000, unit: 'rows', what: 'rows read from one table' },
  { setting: 'READ_TIMEOUT_SECONDS', value: 120, unit: 's', what: 'reading one input' },
  {
    setting: 'EXTRACT_CHUNK_CHARACTERS',
    value: 100_000,
    unit: 'characters',
    what: 'one part of a long document sent to the model',
  },
  { setting: 'MODEL_TIMEOUT_SECONDS', value: 600, unit: 's', what: 'one model call' },
  { setting: 'BATCH_MAX_DOCUMENTS', value: 50, unit: 'documents', what: 'one job' },
  { setting: 'BATCH_MAX_UPLOAD_MB', value: 100, unit: 'MB', what: 'all the files of one job' },
  {
    setting: 'READ_RATE_LIMIT',
    value: 60,
    unit: 'per 10 minutes',
    what: 'reads, suggestions, extractions and job submissions from one client address',
  },
  {
    setting: 'API_KEY_RATE_LIMIT',
    value: 120,
    unit: 'per minute',
    what: 'requests with one API key',
  },
  { setting: 'INBOUND_MAX_MB', value: 30, unit: 'MB', what: 'one mail to an inbox address' },
  {
    setting: 'INBOUND_MAX_CONCURRENT',
    value: 4,
    unit: 'mails',
    what: 'mails to inboxes read at once (more are deferred)',
  },
  {
    setting: 'INBOUND_RATE_LIMIT',
    value: 20,
    unit: 'per hour',
    what: 'mails one inbox address accepts (more are deferred; RCPT alone counts nothing)',
  },
  {
    setting: 'INBOUND_SENDER_RATE_LIMIT',
    value: 10,
    unit: 'per hour',
    what: "mails one sending address gets accepted by one owner's inboxes (more are deferred)",
  },
  { setting: 'SCHEDULES_PER_USER', value: 5, unit: 'pages', what: 'scheduled web pages per user' },
  {
    setting: 'SCHEDULE_MAX_FAILURES',
    value: 3,
    unit: 'runs',
    what: 'failed runs in a row before a schedule pauses itself',
  },
  { setting: 'TRIAL_RUNS', value: 3, unit: 'runs', what: 'free runs without an account' },
  { setting: 'SIGNUP_CREDITS', value: 10, unit: 'credits', what: 'credits on sign-up' },
] as const;

/** Limits of the request itself, fixed in src/shared (the test checks these too). */
export const REQUEST_LIMITS = {
  textCharacters: 5_000_000,
  descriptionCharacters: 1000,
} as const;
