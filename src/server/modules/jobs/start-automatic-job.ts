import type { Kysely } from 'kysely';
import type { Job } from '../../../shared/jobs';
import type { Database } from '../../db/schema';
import type { Env } from '../../env';
import type { JobQueue } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { findUserById } from '../account/find-user';
import { trialLimitsOf } from '../trial/trial-subject';
import { AppError } from '../../../shared/errors';
import { createJob, type NewJob } from './create-job';
import { SHORT_OF_CREDITS } from './job-payer';
import { recordRefusedJob } from './record-refused-job';

export type AutomaticJobDeps = {
  env: Env;
  db: Kysely<Database>;
  logger: Logger;
  storage: FileStorage;
  queue: JobQueue;
};

/**
 * Starts a job that no request made (a mail to an inbox, a schedule's run) for the extractor's
 * owner, paid like any other. A mail cannot be sent again: when the owner's credits are short,
 * the documents they cover run and the others wait for credits, running by themselves once the
 * owner has some (the owner is told by mail; the sender hears nothing until the job ends). A
 * schedule's run is simply the next one: without credits it is recorded as failed at once, with
 * the usual message, for History and the webhook. Null when the owner is gone.
 */
export async function startAutomaticJob(
  deps: AutomaticJobDeps,
  options: { userId: string; job: NewJob; waitForCredits: boolean },
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
      waitForCredits: options.waitForCredits,
      batchMax: env.BATCH_MAX_DOCUMENTS,
      signupCredits: env.SIGNUP_CREDITS,
      trialLimits: trialLimitsOf(env),
    });
    return job;
  } catch (error) {
    if (!(error instanceof AppError) || !SHORT_OF_CREDITS.includes(error.code)) throw error;
    return recordRefusedJob({ db, userId: user.id, job: options.job, error });
  }
}
