import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { memoryRefusalClock, type RefusalClock } from '../../llm/refusal-clock';

/**
 * The refusal clock of a job (JOB_DEADLINE_MINUTES is per job, issue 22): started by the first of
 * its documents' calls the provider refuses, on any worker, and stopped by a call of the job that
 * goes through. Once a job has waited its deadline, each of its documents still to run fails at
 * its first refusal, so a provider that never stops refusing ends the job at the deadline, not
 * after a deadline per document. While the database cannot be reached the run keeps a clock of
 * its own.
 */
export function jobRefusalClock(
  db: Kysely<Database>,
  jobId: string,
  minutes: number,
  logger: Logger,
): RefusalClock {
  const own = memoryRefusalClock(minutes);
  // Only a run that saw a refusal stops the job's clock: a call that went through without one
  // says nothing new, and writing on every call would cost a query per call.
  let hasWaited = false;
  return {
    minutes,
    async waiting() {
      hasWaited = true;
      try {
        await db
          .updateTable('jobs')
          .set({ refused_since: Date.now() })
          .where('id', '=', jobId)
          .where('refused_since', 'is', null)
          .execute();
        const row = await db
          .selectFrom('jobs')
          .select('refused_since')
          .where('id', '=', jobId)
          .executeTakeFirst();
        if (row?.refused_since === null || row?.refused_since === undefined) return own.waiting();
        return Number(row.refused_since) + minutes * 60_000;
      } catch (error) {
        logger.warn({ err: error, jobId }, 'the job’s refusal clock could not be read');
        return own.waiting();
      }
    },
    through() {
      own.through();
      if (!hasWaited) return;
      hasWaited = false;
      db.updateTable('jobs')
        .set({ refused_since: null })
        .where('id', '=', jobId)
        .execute()
        .catch((error: unknown) =>
          logger.warn({ err: error, jobId }, 'the job’s refusal clock could not be stopped'),
        );
    },
  };
}
