import type { Kysely } from 'kysely';
import type { TrialStatus } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import { getTrialStatus } from './get-trial-status';
import { trialCounters, type TrialLimits, type TrialSubject } from './trial-counters';
import { deleteExpiredTrialRuns, giveBackTrialRun, takeTrialRun } from './trial.queries';

export type TrialOptions = {
  db: Kysely<Database>;
  subject: TrialSubject;
  limits: TrialLimits;
  /** Words for the refusal: the sign-up grant. */
  signupCredits: number;
  now?: Date;
};

/**
 * Takes one free run for an anonymous visitor, or refuses with TRIAL_LIMIT_REACHED. Both counters
 * must have room; when the second refuses, the first is given back.
 */
export async function reserveTrialRun(options: TrialOptions): Promise<TrialStatus> {
  const { db, subject, limits } = options;
  const now = options.now ?? new Date();
  await deleteExpiredTrialRuns(db, Math.floor(now.getTime() / 1000));
  const [own, address] = trialCounters(subject, limits, now);
  const isOwnTaken = await takeTrialRun(db, own.key, own.limit, own.expiresAt);
  const isAddressTaken =
    isOwnTaken && (await takeTrialRun(db, address.key, address.limit, address.expiresAt));
  if (!isAddressTaken) {
    if (isOwnTaken) await giveBackTrialRun(db, own.key);
    throw new AppError('TRIAL_LIMIT_REACHED', {
      params: { limit: limits.runs, credits: options.signupCredits },
      details: { remaining: 0, limit: limits.runs } satisfies TrialStatus,
    });
  }
  return getTrialStatus({ db, subject, limits, now });
}

/** Gives back a free run reserved for a run that did not succeed. */
export async function releaseTrialRun(options: Omit<TrialOptions, 'signupCredits'>): Promise<void> {
  const counters = trialCounters(options.subject, options.limits, options.now ?? new Date());
  for (const counter of counters) await giveBackTrialRun(options.db, counter.key);
}
