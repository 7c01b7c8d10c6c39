import type { Context } from 'hono';
import { appUrl } from '../../auth/app-url';
import type { Env } from '../../env';
import { addressBucket, getClientAddress } from '../../http/client-address';
import { trialIdFor } from './trial-cookie';
import type { TrialLimits, TrialSubject } from './trial-counters';

/** The anonymous visitor behind a request: its signed cookie id and its address bucket. */
export function trialSubjectOf(c: Context, env: Env, secret: string): TrialSubject {
  return {
    trialId: trialIdFor(c, secret, appUrl(env).startsWith('https://')),
    address: addressBucket(getClientAddress(c, env.TRUST_PROXY)),
  };
}

export function trialLimitsOf(env: Env): TrialLimits {
  return { runs: env.TRIAL_RUNS, runsPerAddressPerDay: env.TRIAL_RUNS_PER_ADDRESS_PER_DAY };
}
