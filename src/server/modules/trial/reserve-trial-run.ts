import type { Kysely } from 'kysely';
import type { TrialStatus } from '../../../shared/account';
import { API_KEY_HINT, AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import { getTrialStanding, getTrialStatus } from './get-trial-status';
import { trialCounters, type TrialLimits, type TrialSubject } from './trial-counters';
import { deleteExpiredTrialRuns, giveBackTrialRun, takeTrialRun } from './trial.queries';

export type TrialOptions = {
  db: Kysely<Database>;
  subject: TrialSubject;
  limits: TrialLimits;
  /** Words for the refusal: the sign-up grant. */
  signupCredits: number;
  /** Free runs to take at once (a batch takes one per document). */
  count?: number;
  now?: Date;
};

/** The counters a reservation was taken from, kept to give runs back to the same counters. */
export type TrialReservation = { keys: string[]; status: TrialStatus };

/**
 * Takes free runs for an anonymous visitor, or refuses with TRIAL_LIMIT_REACHED (saying how many
 * are left and whose runs ran out). Both counters must have room; when the second refuses, the
 * first is given back.
 */
export async function reserveTrialRuns(options: TrialOptions): Promise<TrialReservation> {
  const { db, subject, limits } = options;
  const count = options.count ?? 1;
  const now = options.now ?? new Date();
  await deleteExpiredTrialRuns(db, Math.floor(now.getTime() / 1000));
  const [own, address] = trialCounters(subject, limits, now);
  const isOwnTaken = await takeTrialRun(db, own.key, own.limit, own.expiresAt, count);
  const isAddressTaken =
    isOwnTaken && (await takeTrialRun(db, address.key, address.limit, address.expiresAt, count));
  if (!isAddressTaken) {
    if (isOwnTaken) await giveBackTrialRun(db, own.key, count);
    const { signupCredits } = options;
    const standing = await getTrialStanding({ db, subject, limits, now, signupCredits });
    throw new AppError('TRIAL_LIMIT_REACHED', {
      params: { limit: limits.runs, credits: signupCredits, apiKeyHint: apiKeyHintFor(subject) },
      // Whose runs ran out, so the browser can say when it was the network's, not the visitor's.
      details: standing,
    });
  }
  return {
    keys: [own.key, address.key],
    status: await getTrialStatus({ db, subject, limits, now }),
  };
}

/** What a refusal adds for a script: how to go on with an API key (none for a browser). */
export const apiKeyHintFor = (subject: TrialSubject): string =>
  subject.isScript ? API_KEY_HINT : '';

/** Gives back one free run reserved for a run that did not succeed, to the counters it came from. */
export async function releaseTrialRun(options: {
  db: Kysely<Database>;
  keys: string[];
}): Promise<void> {
  for (const key of options.keys) await giveBackTrialRun(options.db, key);
}
