import type { Kysely } from 'kysely';
import type { Job } from '../../../shared/jobs';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { findUserById } from '../account/find-user';
import { trialLimitsOf } from '../trial/trial-subject';
import { createJob, type NewJob } from './create-job';
import { recordRefusedJob } from './record-refused-job';

export type AutomaticJobDeps = {
  env: Env;
  db: Kysely<Database>;
  logger: Logger;
  storage: FileStorage;
  queue: JobQueue;
};

/** Refusals that end an automatic job at once instead of failing the mail or the schedule. */
const REFUSALS = ['NO_CREDITS', 'NOT_ENOUGH_CREDITS'];

/**
 * Starts a job that no request made (a mail to an inbox, a schedule's run) for the extractor's
 * owner, paid like any other: when the owner has no credits, the job is recorded as failed with
 * the usual message, so that History, the webhook and a reply say so (the sender is told even
 * when the extractor sends no tables back). Null when the owner is gone.
 */
export async function startAutomaticJob(
  deps: AutomaticJobDeps,
  options: { userId: string; job: NewJob },
): Promise<Job | null> {
  const { env, db } = deps;
  const user = await findUserById({ db, id: options.userId });
  if (!user) return null;
  const { automatic } = options.job;
  const reply = automatic?.reply?.format ? automatic.reply : null;
  try {
    const { job } = await createJob({
      db,
      logger: deps.logger,
      storage: deps.storage,
      queue: deps.queue,
      caller: { kind: 'user', user },
      job: automatic ? { ...options.job, automatic: { ...automatic, reply } } : options.job,
      mode: 'queue',
      batchMax: env.BATCH_MAX_DOCUMENTS,
      signupCredits: env.SIGNUP_CREDITS,
      trialLimits: trialLimitsOf(env),
    });
    return job;
  } catch (error) {
    if (!(error instanceof AppError) || !REFUSALS.includes(error.code)) throw error;
    return recordRefusedJob({ db, userId: user.id, job: options.job, error });
  }
}
