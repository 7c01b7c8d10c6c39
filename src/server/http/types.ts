import type { Kysely } from 'kysely';
import type { Auth } from '../auth/create-auth';
import type { SessionUser } from '../auth/session';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import type { ReadPool } from '../extraction/read/pool/read-pool';
import type { ExportPool } from '../modules/jobs/export/export-pool';
import type { JobQueue } from '../jobs/job-queue';
import type { ModelClient } from '../llm/model-client';
import type { Logger } from '../logger';
import type { FileStorage } from '../storage/file-storage';

/** What every request handler can read from the context. */
export type AppVariables = {
  requestId: string;
  logger: Logger;
  /** The owner of the API key the request carries (Authorization: Bearer), when it has one. */
  apiKeyUser?: SessionUser;
};

export type AppBindings = { Variables: AppVariables };

/** Everything the app is built from; tests build it with their own. */
export type AppDeps = {
  env: Env;
  db: Kysely<Database>;
  logger: Logger;
  version: string;
  /** Where untrusted input is parsed: worker threads with memory caps and deadlines. */
  readPool: ReadPool;
  /** The configured model, or null for the offline extractor. */
  model: ModelClient | null;
  auth: Auth;
  /** Stored results of signed-in runs. */
  storage: FileStorage;
  /** Signs trial cookies and download links (AUTH_SECRET). */
  secret: string;
  /** Hands job documents to the workers (pg-boss on PostgreSQL, the jobs tables on SQLite). */
  jobQueue: JobQueue;
  /** This process's name on the job documents it runs. */
  workerId: string;
  /** Where job results are written as files: threads, off the one serving requests. */
  exportPool: ExportPool;
  /** The clock schedules are due by (tests move it). */
  clock: () => Date;
};
