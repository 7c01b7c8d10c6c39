import type { Context } from 'hono';
import { appUrl } from '../../auth/app-url';
import type { Env } from '../../env';
import { addressBucket, getClientAddress } from '../../http/client-address';
import { trialIdFor } from './trial-cookie';
import type { TrialLimits, TrialSubject } from './trial-counters';

/**
 * Whether a request comes from a script rather than a browser: browsers send `Origin` or
 * `Sec-Fetch-Site` with every POST, which is also how the cross-site guard tells them apart.
 */
export function isScriptRequest(c: Context): boolean {
  return !c.req.header('origin') && !c.req.header('sec-fetch-site');
}

/**
 * The anonymous visitor behind a request: its signed cookie id, its address bucket, and
 * whether it is a script.
 */
export function trialSubjectOf(c: Context, env: Env, secret: string): TrialSubject {
  return {
    trialId: trialIdFor(c, secret, appUrl(env).startsWith('https://')),
    address: addressBucket(getClientAddress(c, env.TRUST_PROXY)),
    isScript: isScriptRequest(c),
  };
}

export function trialLimitsOf(env: Env): TrialLimits {
  return { runs: env.TRIAL_RUNS, runsPerAddressPerDay: env.TRIAL_RUNS_PER_ADDRESS_PER_DAY };
}
