import { appUrl } from '../../auth/app-url';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Env } from '../../env';
import { extractionSettingsFromEnv } from '../../extraction/extraction-settings';
import type { ReadPool } from '../../extraction/read/pool/read-pool';
import type { ModelClient } from '../../llm/model-client';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import type { JobRunDeps } from './run-job-document';

/** This process's name on the documents it claims: unique, and readable in an operator's list. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** What running a job's documents needs, from the settings and the process's services. */
export function jobRunDepsOf(deps: {
  env: Env;
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  readPool: ReadPool;
  model: ModelClient | null;
  workerId: string;
}): JobRunDeps {
  const { env, ...services } = deps;
  return {
    ...services,
    settings: extractionSettingsFromEnv(env),
    leaseMs: env.JOB_LEASE_SECONDS * 1000,
    maxAttempts: env.JOB_MAX_ATTEMPTS,
    webhookRetrySeconds: env.WEBHOOK_RETRY_SECONDS,
    appUrl: appUrl(env),
    signupCredits: env.SIGNUP_CREDITS,
  };
}
