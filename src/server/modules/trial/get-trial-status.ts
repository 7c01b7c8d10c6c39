import type { Kysely } from 'kysely';
import type { TrialStanding, TrialStatus } from '../../../shared/account';
import type { Database } from '../../db/schema';
import { trialCounters, type TrialLimits, type TrialSubject } from './trial-counters';
import { selectTrialRuns } from './trial.queries';

type StatusOptions = {
  db: Kysely<Database>;
  subject: TrialSubject;
  limits: TrialLimits;
  now?: Date;
};

/** The room left on the visitor's own counter and on its address's counter for the day. */
async function counterRoom(options: StatusOptions): Promise<{ own: number; address: number }> {
  const [own, address] = trialCounters(options.subject, options.limits, options.now ?? new Date());
  const runs = await selectTrialRuns(options.db, [own.key, address.key]);
  return {
    own: own.limit - (runs.get(own.key) ?? 0),
    address: address.limit - (runs.get(address.key) ?? 0),
  };
}

/** How many free runs an anonymous visitor has left: the smaller of its two counters' room. */
export async function getTrialStatus(options: StatusOptions): Promise<TrialStatus> {
  const room = await counterRoom(options);
  return { remaining: Math.max(Math.min(room.own, room.address), 0), limit: options.limits.runs };
}

/**
 * The free runs left and, when none are, whose ran out: the visitor's own ('visitor'), or only
 * its network's ('network': others behind the same address used them today).
 */
export async function getTrialStanding(
  options: StatusOptions & { signupCredits: number },
): Promise<TrialStanding> {
  const room = await counterRoom(options);
  const remaining = Math.max(Math.min(room.own, room.address), 0);
  const usedUpBy = remaining > 0 ? null : room.own <= 0 ? 'visitor' : 'network';
  return {
    remaining,
    limit: options.limits.runs,
    used_up_by: usedUpBy,
    signup_credits: options.signupCredits,
  };
}
