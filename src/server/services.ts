import type { Kysely } from 'kysely';
import { resolveAuthSecret } from './auth/auth-secret';
import { createAuth } from './auth/create-auth';
import type { Dialect } from './db/client';
import type { Database } from './db/schema';
import type { Env } from './env';
import type { Logger } from './logger';
import { createMailer } from './mail/index';
import { openCreditAccount } from './modules/credits/open-credit-account';
import { releaseSignupCredits } from './modules/credits/release-signup-credits';
import type { ReadPool } from './extraction/read/pool/read-pool';
import { createJobQueue } from './jobs/index';
import type { ModelClient } from './llm/model-client';
import { findRunnableDocuments } from './modules/jobs/find-runnable-documents';
import { jobRunDepsOf, newWorkerId } from './modules/jobs/job-run-deps';
import { startJobWorkers } from './modules/jobs/start-job-workers';
import { runDueSchedules } from './modules/schedules/run-due-schedules';
import type { FileStorage } from './storage/file-storage';
import { createFileStorage } from './storage/index';

/** The account services the app is built with: auth, stored-result storage, the signing secret. */
export function createAccountServices(options: {
  env: Env;
  logger: Logger;
  db: Kysely<Database>;
  dialect: Dialect;
}) {
  const { env, logger, db, dialect } = options;
  const secret = resolveAuthSecret(env);
  const storage = createFileStorage(env);
  const auth = createAuth({
    env,
    db,
    dialect,
    secret,
    logger,
    mailer: createMailer(env, logger),
    onUserCreated: (userId) =>
      openCreditAccount({
        db,
        userId,
        signupCredits: env.SIGNUP_CREDITS,
        isAwaitingVerification: env.REQUIRE_EMAIL_VERIFICATION,
      }),
    onEmailVerified: async (userId) => {
      await releaseSignupCredits({ db, logger, userId });
    },
  });
  return { secret, storage, auth };
}

/**
 * The job services: the engine for the database in use, this process's worker name, and a way
 * to start workers here (the web server with RUN_WORKERS, and `rowsmith worker`).
 */
export async function createJobServices(options: {
  env: Env;
  logger: Logger;
  db: Kysely<Database>;
  storage: FileStorage;
  readPool: ReadPool;
  model: ModelClient | null;
  /** The clock schedules are due by; tests move it. */
  clock?: () => Date;
}) {
  const { env, logger, db } = options;
  const workerId = newWorkerId();
  const jobQueue = await createJobQueue({
    env,
    db,
    logger,
    findRunnable: (limit) => findRunnableDocuments(db, limit),
  });
  const scheduleDeps = {
    env,
    db,
    logger,
    storage: options.storage,
    queue: jobQueue,
    now: options.clock ?? (() => new Date()),
    maxFailures: env.SCHEDULE_MAX_FAILURES,
  };
  /** Workers, and the ticks that start scheduled pages, in this process. */
  const startWorkers = async () => {
    const stopWorkers = await startJobWorkers(
      jobQueue,
      jobRunDepsOf({ ...options, workerId }),
      env.JOB_CONCURRENCY,
    );
    await jobQueue.startTicks(async () => {
      await runDueSchedules(scheduleDeps);
    }, env.SCHEDULE_TICK_SECONDS * 1000);
    return stopWorkers;
  };
  return { jobQueue, workerId, startWorkers, clock: scheduleDeps.now };
}
