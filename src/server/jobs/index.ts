import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../logger';
import type { DocumentRef, JobQueue } from './job-queue';
import { createLocalQueue } from './local-queue';
import { createPgBossQueue } from './pg-boss-queue';

/** How often, at most, documents without a delivery are sent again (decision 018). */
const RESEND_MAX_MS = 5_000;

export type JobQueueOptions = {
  env: Env;
  db: Kysely<Database>;
  logger: Logger;
  findRunnable: (limit: number) => Promise<DocumentRef[]>;
};

/** pg-boss's schema: `pgboss` beside `public`, or `<schema>_pgboss` beside another schema. */
export async function pgBossSchemaOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}

/** The job engine for the database in use: pg-boss on PostgreSQL, the jobs tables on SQLite. */
export async function createJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { env, db, logger, findRunnable } = options;
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    return createPgBossQueue({
      connectionString: url,
      schema: await pgBossSchemaOf(db),
      logger,
      // A stopped worker's document is sent again within this of its lease running out.
      resendMs: Math.min(RESEND_MAX_MS, env.JOB_LEASE_SECONDS * 500),
      findRunnable,
    });
  }
  return createLocalQueue({ logger, findRunnable });
}
