import type { Kysely } from 'kysely';
import type { TrialStatus } from '../../../shared/account';
import type { Database } from '../../db/schema';
import { trialCounters, type TrialLimits, type TrialSubject } from './trial-counters';
import { selectTrialRuns } from './trial.queries';

/** How many free runs an anonymous visitor has left: the smaller of its two counters' room. */
export async function getTrialStatus(options: {
  db: Kysely<Database>;
  subject: TrialSubject;
  limits: TrialLimits;
  now?: Date;
}): Promise<TrialStatus> {
  const counters = trialCounters(options.subject, options.limits, options.now ?? new Date());
  const runs = await selectTrialRuns(
    options.db,
    counters.map((counter) => counter.key),
  );
  const remaining = Math.min(
    ...counters.map((counter) => counter.limit - (runs.get(counter.key) ?? 0)),
  );
  return { remaining: Math.max(remaining, 0), limit: options.limits.runs };
}
