import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC text on both SQLite and PostgreSQL
 * (docs/decisions/002-database-layer.md), so values read back are the same on either.
 */
export type Database = {
  contact_messages: ContactMessagesTable;
  rate_limit_events: RateLimitEventsTable;
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  user_credits: UserCreditsTable;
  usage_tracking: UsageTrackingTable;
  trial_runs: TrialRunsTable;
  jobs: JobsTable;
  job_documents: JobDocumentsTable;
  job_events: JobEventsTable;
  api_keys: ApiKeysTable;
  extractors: ExtractorsTable;
  webhook_secrets: WebhookSecretsTable;
  webhook_attempts: WebhookAttemptsTable;
  extractor_schedules: ExtractorSchedulesTable;
  schedule_rows: ScheduleRowsTable;
  corrections: CorrectionsTable;
  credit_requests: CreditRequestsTable;
  model_limits: ModelLimitsTable;
  model_limit_places: ModelLimitPlacesTable;
};

/**
 * better-auth's tables keep its own column names and types: timestamps are Date on PostgreSQL and
 * ISO text on SQLite (read them through `toIsoTimestamp` in db/dialect.ts).
 */
type AuthTimestamp = Date | string;

export type UsersTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
};

export type SessionsTable = {
  id: string;
  expiresAt: AuthTimestamp;
  token: string;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
};

export type AccountsTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthTimestamp | null;
  refreshTokenExpiresAt: AuthTimestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
};

export type VerificationsTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthTimestamp;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
};

export type UserCreditsTable = {
  user_id: string;
  credits_remaining: number;
  credits_total: number;
  /** Sign-up credits waiting for the address to be verified (REQUIRE_EMAIL_VERIFICATION). */
  signup_credits_pending: Generated<number>;
  updated_at: string;
};

/** SPEC.md section 3: one record per signed-in run, successful or not. */
export type UsageTrackingTable = {
  id: string;
  user_id: string;
  extraction_type: string;
  columns_defined: number;
  rows_extracted: number;
  /** 1/0 on SQLite, true/false on PostgreSQL (db/dialect.ts). */
  success: number | boolean;
  file_type: string;
  file_size: number | null;
  processing_time_ms: number;
  error_message: string | null;
  file_path: string | null;
  created_at: string;
};

export type TrialRunsTable = {
  /** A hash of `trial:{anonymous id}` or `address:{client address}:{day}`. */
  key: string;
  runs: number;
  /** Epoch seconds after which the row may be deleted. */
  expires_at: number;
};

export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
};

/** One counted try of a rate limit (see rate-limit/hit-rate-limit.ts). */
export type RateLimitEventsTable = {
  id: string;
  /** A hash of the bucket and the subject (a client address, an account's email). */
  key: string;
  /** When the try was made, epoch milliseconds. */
  at_ms: number;
  /** Epoch milliseconds after which the row may be deleted. */
  expires_at_ms: number;
};

/** An extraction job: one or more documents, run by the workers or in the request that made it. */
export type JobsTable = {
  id: string;
  user_id: string | null;
  visitor_key: string | null;
  /** JSON: the two trial counter keys a visitor's runs were taken from. */
  trial_keys: string | null;
  /** JSON: the column definitions. */
  columns: string;
  /** JSON: the document fields (one value per document) and the rules checked (0018). */
  fields: Generated<string>;
  rules: Generated<string>;
  description: string | null;
  template: string | null;
  status: string;
  mode: string;
  documents_total: number;
  documents_done: Generated<number>;
  rows_total: Generated<number>;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** Where to POST the job's summary when it ends (issue 14), and how that delivery stands. */
  webhook_url: string | null;
  webhook_status: string | null;
  webhook_next_at: string | null;
  webhook_lease_until: number | null;
  /** The saved extractor whose inbox or schedule made the job (issue 24). */
  extractor_id: string | null;
  /** JSON: where the job came from (jobs/job-origin.ts); null for a request. */
  origin: string | null;
  /** A mailed job's reply: the envelope sender, 'csv' or 'xlsx', and how its sending stands. */
  reply_to: string | null;
  reply_format: string | null;
  reply_status: string | null;
  reply_lease_until: number | null;
  /** When the job's results were deleted (an anonymous visitor's, a day after the run). */
  results_expired_at: string | null;
  /** 1 when its documents may be given a stored result for the same input (0015-result-cache). */
  use_cache: Generated<number>;
  /** Epoch ms since which the provider has refused the job's calls (0016); null meanwhile not. */
  refused_since: number | string | null;
  /** 1: its reply and webhook wait until no value is flagged (0019-hold-for-review). */
  hold_for_review: Generated<number>;
  /** 'due', then 'sent': the owner's mail about documents waiting for credits (0022). */
  credits_notice: string | null;
};

export type JobDocumentsTable = {
  id: string;
  job_id: string;
  position: number;
  name: string;
  kind: string;
  input_key: string | null;
  /** Where the Document read from the input is kept (job-reads.ts), until read_until. */
  read_key: string | null;
  read_until: string | null;
  url: string | null;
  mime_type: string | null;
  size: number | null;
  status: string;
  status_code: number | null;
  error_code: string | null;
  message: string | null;
  rows_count: Generated<number>;
  file_type: string | null;
  result: string | null;
  charge: string;
  attempts: Generated<number>;
  lease_owner: string | null;
  /** Epoch milliseconds until which the lease owner holds the document. */
  lease_until: number | null;
  read_ms: number | null;
  extract_ms: number | null;
  total_ms: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** The result's review summary, corrections counted; null until it has a result. */
  review_total: number | null;
  review_flagged: number | null;
  review_edited: number | null;
  /** JSON: the stored page pictures (job-pictures.ts). */
  pages: string | null;
  /** What its run cost at the model; null until it has a result. */
  input_tokens: number | null;
  output_tokens: number | null;
  model_calls: number | null;
  /** At MODEL_PRICE_INPUT and MODEL_PRICE_OUTPUT when it ran; null without them. */
  model_cost: number | null;
  /** What its run's result answers (result-cache.ts): set on a 200 from the model. */
  cache_key: string | null;
  /** JSON `{ documentId, extractedAt }`: the earlier result it was given; null when it ran. */
  from_cache: string | null;
};

export type JobEventsTable = {
  id: Generated<number>;
  job_id: string;
  type: string;
  /** JSON. */
  data: string;
  created_at: string;
};

/** A user's API key; the key itself is never stored, only its SHA-256 hash. */
export type ApiKeysTable = {
  id: string;
  user_id: string;
  name: string;
  /** The key's first characters, shown in lists to tell keys apart. */
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
};

/** A saved extractor: columns (JSON) and a description under a name the user chose. */
export type ExtractorsTable = {
  id: string;
  user_id: string;
  name: string;
  columns: string;
  /** JSON: the document fields and the rules its runs check (0018). */
  fields: Generated<string>;
  rules: Generated<string>;
  description: string | null;
  created_at: string;
  updated_at: string;
  /** The local part of the extractor's inbox address: random, unguessable, replaceable. */
  inbox_token: string | null;
  /** 'csv' or 'xlsx': mail the table back to the sender (with SMTP_URL); null: no reply. */
  reply_format: string | null;
  /** Told when a job made by the inbox or the schedule ends. */
  webhook_url: string | null;
  /** JSON: who besides the owner may mail the inbox: addresses and `@domain`s, in lower case. */
  inbox_senders: Generated<string>;
  /** 1: the inbox takes mail from anyone and replies to nobody; 0: only allowed senders. */
  inbox_is_open: Generated<number>;
  /** 1: its automatic jobs' replies and webhooks wait for review (0019-hold-for-review). */
  hold_for_review: Generated<number>;
};

/** A saved extractor's web page, run as a job every hour, day or week (issue 24). */
export type ExtractorSchedulesTable = {
  extractor_id: string;
  user_id: string;
  url: string;
  every: string;
  next_run_at: string;
  last_run_at: string | null;
  last_job_id: string | null;
  counted_job_id: string | null;
  failures: Generated<number>;
  paused_at: string | null;
  pause_reason: string | null;
  /** JSON: the names of the columns that identify a row; `[]`: the whole row (0020-schedule-keys). */
  key_columns: Generated<string>;
  created_at: string;
  updated_at: string;
};

/** A row a schedule found, kept once by a hash of its values, to append only new ones. */
export type ScheduleRowsTable = {
  id: string;
  extractor_id: string;
  row_hash: string;
  /** JSON: the row. */
  row: string;
  job_id: string;
  /** Its index in the result of `job_id`, where that job's corrections find it. */
  job_row: number | null;
  /** A hash of its key columns' values, when the schedule has a key. */
  key_hash: string | null;
  position: number;
  seen_at: string;
};

/** A user's webhook signing secret (Standard Webhooks, `whsec_` + base64). */
export type WebhookSecretsTable = {
  user_id: string;
  secret: string;
  created_at: string;
};

/** One try at delivering a job's webhook, and what the receiver answered. */
export type WebhookAttemptsTable = {
  id: string;
  job_id: string;
  attempt: number;
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

/**
 * A person's correction of one cell or one field of a job document's result (one per cell or
 * field): a cell's has `row_index` and `column_name`, a field's `field_name` (0018).
 */
export type CorrectionsTable = {
  id: string;
  job_id: string;
  document_id: string;
  /** The row's index in the document's result rows. */
  row_index: number | null;
  column_name: string | null;
  field_name: string | null;
  /** JSON: the corrected value, and the value as it was extracted. */
  value: string;
  old_value: string;
  /** The user who made it; null for an anonymous visitor. */
  created_by: string | null;
  created_at: string;
};

/** A user's request for more credits; an operator's grant answers it. */
export type CreditRequestsTable = {
  id: string;
  user_id: string;
  credits: number;
  message: string;
  status: 'open' | 'granted';
  created_at: string;
  granted_at: string | null;
  /** How many of the credits asked for the grant that answered it gave (0021-credit-grants). */
  granted_credits: number | null;
};

/** One model endpoint's limiter state, shared by every worker (llm/limiter/). */
export type ModelLimitsTable = {
  /** A hash of the endpoint's address, model and key. */
  key: string;
  /** JSON: the LimiterState. */
  state: string;
  updated_at: string;
};

/** A place held by a model call while it runs. */
export type ModelLimitPlacesTable = {
  id: string;
  key: string;
  tokens: number;
  /** 1 once the provider has taken the call, else 0. */
  accepted: number;
  /** Epoch milliseconds after which the place is free again unless renewed. */
  expires_at: number;
};
