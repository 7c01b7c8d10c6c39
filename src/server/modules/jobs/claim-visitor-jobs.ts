import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { readTrialId } from '../trial/trial-cookie';
import { visitorKeyOf } from './job-payer';

/**
 * The trial's work follows the visitor into the account (issue 32 point 1): when a browser that
 * ran the free trial signs up or signs in, the jobs it ran anonymously (their results and
 * corrections) become the account's, so History lists them and their addresses keep working.
 * Only that browser's signed trial cookie names them; a job already someone's is never moved.
 * Answers how many moved; a failure is logged and moves nothing, and never stops the sign-in.
 */
export async function claimVisitorJobs(options: {
  c: Context;
  db: Kysely<Database>;
  secret: string;
  logger: Logger;
  userId: string;
}): Promise<number> {
  const { c, db, secret, logger, userId } = options;
  const trialId = readTrialId(c, secret);
  if (!trialId) return 0;
  try {
    const moved = await db
      .updateTable('jobs')
      .set({ user_id: userId, visitor_key: null })
      .where('user_id', 'is', null)
      .where('visitor_key', '=', visitorKeyOf({ trialId }))
      .executeTakeFirst();
    const count = Number(moved.numUpdatedRows);
    if (count > 0) logger.info({ userId, jobs: count }, 'trial jobs moved to the account');
    return count;
  } catch (error) {
    logger.error({ err: error, userId }, 'trial jobs could not be moved to the account');
    return 0;
  }
}
