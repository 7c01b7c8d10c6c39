import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { EnvError } from './env-error';

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** TRUST_PROXY: false, true (one proxy), a number of proxies, or their addresses and ranges. */
const trustProxySetting = z.string().transform((value, ctx): TrustProxy => {
  const trust = parseTrustProxy(value);
  if (trust) return trust;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, true (one proxy), the number of proxies in front, or their addresses (e.g. 10.0.0.0/8,192.0.2.7)',
  });
  return z.NEVER;
});

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^(postgres|postgresql):\/\/.+/.test(value) || /^sqlite:.+/.test(value), {
    message: 'must start with postgres://, postgresql:// or sqlite:',
  });

/**
 * AUTH_SECRET values printed in this repository (docs/examples/production.env, the browser tests'
 * servers): anyone can read them, so anyone could sign sessions with them. Refused in production,
 * as is any value that still reads like a placeholder.
 */
const EXAMPLE_AUTH_SECRETS = new Set([
  'replace-with-64-hex-characters-from-openssl-rand-hex-32',
  'e2e-secret-that-is-at-least-32-characters-long',
]);
const PLACEHOLDER_SECRET = /replace-with|change-?me|your-?secret|example/i;

function isExampleSecret(secret: string): boolean {
  return EXAMPLE_AUTH_SECRETS.has(secret) || PLACEHOLDER_SECRET.test(secret);
}

/**
 * Every setting the server reads, validated once at start. `.env.example` documents each one.
 * This module is the only reader of `process.env`.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: databaseUrl.optional(),
    CLIENT_DIST_DIR: z.string().trim().min(1).default('./dist/client'),
    /** Which proxies may say who the client is (docs/decisions/019-sign-in-throttling-and-proxies.md). */
    TRUST_PROXY: trustProxySetting.default({ kind: 'none' }),
    CONTACT_RATE_LIMIT: positiveInt(5),
    CONTACT_RATE_WINDOW_SECONDS: positiveInt(600),
    SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
    /** The most a JSON request body may weigh; the upload endpoints keep their own limits. */
    BODY_LIMIT_KB: positiveInt(1024),

    // Reading input (docs/decisions/004-reading-input.md).
    MAX_UPLOAD_MB: positiveInt(25),
    PDF_MAX_MB: positiveInt(10),
    PDF_MAX_PAGES: positiveInt(5),
    MAX_UNCOMPRESSED_MB: positiveInt(200),
    XML_PART_MAX_MB: positiveInt(64),
    XML_PART_MAX_ELEMENTS: positiveInt(1_000_000),
    HTML_MAX_MB: positiveInt(10),
    HTML_MAX_ELEMENTS: positiveInt(150_000),
    MAX_DOCUMENT_CHARACTERS: positiveInt(2_000_000),
    MAX_TABLE_ROWS: positiveInt(100_000),
    READ_TIMEOUT_SECONDS: positiveInt(120),
    // The read pool (docs/decisions/008-read-isolation.md): worker threads that parse input.
    READ_CONCURRENCY: positiveInt(availableParallelism()),
    READ_QUEUE_LIMIT: z.coerce.number().int().min(0).default(20),
    READ_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
    /** Decoded pixels (images, rendered pages) all reads of a process, and one read, may hold. */
    PIXEL_MEMORY_MB: z.coerce.number().int().min(16).default(320),
    PIXEL_MEMORY_PER_READ_MB: z.coerce.number().int().min(16).default(256),
    READ_RATE_LIMIT: positiveInt(60),
    READ_RATE_WINDOW_SECONDS: positiveInt(600),
    URL_FETCH_TIMEOUT_SECONDS: positiveInt(15),
    URL_MAX_MB: positiveInt(10),
    URL_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
    /** Lets the server fetch private and loopback addresses: for tests only. */
    ALLOW_PRIVATE_URLS: booleanSetting.default(false),
    PAGE_READER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    PAGE_READER_API_KEY: z.string().trim().min(1).optional(),

    // The model (docs/decisions/005-extraction.md). With neither a key nor a base URL, the
    // offline extractor is used.
    OPENAI_API_KEY: z.string().trim().min(1).optional(),
    OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o'),
    MODEL_TIMEOUT_SECONDS: positiveInt(600),
    MODEL_MAX_OUTPUT_TOKENS: positiveInt(16_384),
    EXTRACT_CHUNK_CHARACTERS: positiveInt(100_000),
    /**
     * Model calls at once to start with, per endpoint, shared by every run of the process (every
     * worker on PostgreSQL); the limiter grows it to MODEL_MAX_CONCURRENCY while the provider takes
     * the calls (docs/decisions/027-speed-and-provider-limits.md). EXTRACT_CONCURRENCY is its
     * former name.
     */
    MODEL_CONCURRENCY: z.coerce.number().int().positive().optional(),
    EXTRACT_CONCURRENCY: z.coerce.number().int().positive().optional(),
    MODEL_MAX_CONCURRENCY: positiveInt(32),
    /** Prices per million input and output tokens: usage is then shown as a cost too. */
    MODEL_PRICE_INPUT: z.coerce.number().min(0).optional(),
    MODEL_PRICE_OUTPUT: z.coerce.number().min(0).optional(),
    EXTRACT_MAX_CONTINUATIONS: z.coerce.number().int().min(0).max(50).default(8),
    /** A document that is one clean table matching every column skips the model. */
    OFFLINE_FAST_PATH: booleanSetting.default(true),
    /** Cells whose confidence is below this are flagged for review (docs/decisions/020-cell-confidence.md). */
    REVIEW_THRESHOLD: z.coerce.number().min(0).max(1).default(0.6),

    // Jobs (docs/decisions/010-jobs.md). On PostgreSQL they run on pg-boss; on SQLite in the
    // processes that share the database file.
    /** Whether this server also runs job workers; false for web servers beside `rowsmith worker`s. */
    RUN_WORKERS: booleanSetting.default(true),
    JOB_CONCURRENCY: positiveInt(4),
    BATCH_MAX_DOCUMENTS: z.coerce.number().int().min(1).max(500).default(50),
    /** What one batch upload may weigh in all (each file keeps MAX_UPLOAD_MB). */
    BATCH_MAX_UPLOAD_MB: positiveInt(100),
    JOB_LEASE_SECONDS: positiveInt(60),
    JOB_MAX_ATTEMPTS: positiveInt(3),
    /** How long a job waits for a model provider that keeps refusing its calls (rate limits). */
    JOB_DEADLINE_MINUTES: z.coerce.number().positive().default(30),
    /** Job results written as files at once (threads), those that may wait, each thread's heap. */
    EXPORT_CONCURRENCY: positiveInt(1),
    EXPORT_QUEUE_LIMIT: z.coerce.number().int().min(0).default(20),
    EXPORT_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(512),
    /** Job event streams (GET /api/jobs/{id}/events) one person may hold open on one server. */
    EVENT_STREAMS_PER_USER: positiveInt(10),
    /** The first wait after a failed webhook delivery; later waits grow from it, for 24 hours. */
    WEBHOOK_RETRY_SECONDS: positiveInt(5),

    // Accounts, credits and the anonymous trial (docs/decisions/006-accounts-and-credits.md).
    /** The address people reach the app at; auth cookies are Secure when it is https. */
    APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** Signs sessions, trial ids and download links. Generated into DATA_DIR when unset. */
    AUTH_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
    SESSION_DAYS: positiveInt(7),
    SESSION_REFRESH_HOURS: positiveInt(24),
    MIN_PASSWORD_LENGTH: z.coerce.number().int().min(8).max(128).default(8),
    AUTH_RATE_LIMIT: positiveInt(10),
    AUTH_RATE_WINDOW_SECONDS: positiveInt(60),
    /** Failed sign-ins per account (by its email), from any number of addresses. */
    AUTH_ACCOUNT_RATE_LIMIT: positiveInt(10),
    AUTH_ACCOUNT_RATE_WINDOW_SECONDS: positiveInt(900),
    /** The command line as an API client: `rowsmith extract --server --api-key` defaults. */
    ROWSMITH_SERVER: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    ROWSMITH_API_KEY: z.string().trim().min(1).optional(),
    /** Requests per minute with one API key. */
    API_KEY_RATE_LIMIT: positiveInt(120),
    SIGNUP_CREDITS: z.coerce.number().int().min(0).default(10),
    TRIAL_RUNS: z.coerce.number().int().min(0).default(3),
    TRIAL_RUNS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(0).default(3),

    // Password-reset mail. Without SMTP_URL the reset link is written to the server log.
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('Rowsmith <no-reply@localhost>'),
    /**
     * New accounts get their sign-up credits once their address is verified by a mailed link,
     * and sign-up does not sign in. Default: on when SMTP_URL is set.
     */
    REQUIRE_EMAIL_VERIFICATION: booleanSetting.optional(),

    // Documents that arrive by themselves (docs/decisions/029-automation.md).
    /** Makes `rowsmith serve` receive mail on this port (25 behind a real MX); unset: no receiver. */
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** The address the receiver listens on (default: HOST). */
    INBOUND_SMTP_HOST: z.string().trim().min(1).optional(),
    /** The domain of inbox addresses (default: APP_URL's host). */
    INBOUND_EMAIL_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, {
        message: 'must be a domain name such as in.example.com',
      })
      .optional(),
    /** The most one mail may weigh; a larger one is refused with 552. */
    INBOUND_MAX_MB: positiveInt(30),
    /** Mails read at once; one more is deferred (451 4.3.2) for its sender to retry. */
    INBOUND_MAX_CONCURRENT: positiveInt(4),
    /** Mails one inbox accepts per window; more are deferred (450) for the sender to retry. */
    INBOUND_RATE_LIMIT: positiveInt(20),
    /**
     * Mails one envelope sender may get accepted by one owner's inboxes per window; more are
     * deferred (450 4.7.1), so one sender cannot use up the owner's whole inbox limit.
     */
    INBOUND_SENDER_RATE_LIMIT: positiveInt(10),
    INBOUND_RATE_WINDOW_SECONDS: positiveInt(3600),
    /** Scheduled web pages one user may keep. */
    SCHEDULES_PER_USER: z.coerce.number().int().min(0).default(5),
    /** Failed runs in a row after which a schedule pauses itself. */
    SCHEDULE_MAX_FAILURES: positiveInt(3),
    /** How often, on SQLite, the server's timer looks for schedules that are due (PostgreSQL: each minute by pg-boss). */
    SCHEDULE_TICK_SECONDS: positiveInt(60),

    // Stored results: a local folder by default, or any S3-compatible store.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    FILES_DIR: z.string().trim().min(1).optional(),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanSetting.default(false),
  })
  .superRefine((env, ctx) => {
    if (env.ALLOW_PRIVATE_URLS && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOW_PRIVATE_URLS'],
        message:
          'must not be true in production (it lets anyone make the server fetch private addresses)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
    }
    if (env.NODE_ENV === 'production' && env.AUTH_SECRET && isExampleSecret(env.AUTH_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message:
          'is an example from the documentation: generate your own, e.g. with `openssl rand -hex 32`',
      });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when STORAGE_DRIVER=s3',
          });
      }
    }
  })
  // Settings whose default depends on others.
  .transform(({ EXTRACT_CONCURRENCY, ...env }) => ({
    ...env,
    REQUIRE_EMAIL_VERIFICATION: env.REQUIRE_EMAIL_VERIFICATION ?? Boolean(env.SMTP_URL),
    MODEL_CONCURRENCY: env.MODEL_CONCURRENCY ?? EXTRACT_CONCURRENCY ?? 4,
    INBOUND_EMAIL_DOMAIN:
      env.INBOUND_EMAIL_DOMAIN ?? (env.APP_URL ? new URL(env.APP_URL).hostname : 'localhost'),
  }));

export type Env = z.output<typeof envSchema>;

/** Parses settings; blank values count as unset so `.env.example` can be copied as it is. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const isSecret = /URL|KEY|SECRET|PASSWORD|TOKEN/.test(name);
        const value =
          typeof present[name] === 'string' && !isSecret ? ` (got "${present[name]}")` : '';
        return `${name}: ${issue.message}${value}`;
      }),
    );
  }
  return result.data;
}

/**
 * Reads `.env` (when present) under the real environment, which wins; `overrides` (from command
 * line flags) win over both and are validated the same way.
 */
export function loadEnv(overrides: Record<string, string | undefined> = {}, envFile = '.env'): Env {
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const given = Object.entries(overrides).filter(([, value]) => value !== undefined);
  return parseEnv({ ...process.env, ...Object.fromEntries(given) });
}
