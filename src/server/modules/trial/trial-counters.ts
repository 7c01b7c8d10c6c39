import { createHash } from 'node:crypto';

const DAY_SECONDS = 24 * 3600;
/** How long a visitor's own count is kept: as long as its cookie lives. */
export const TRIAL_ID_SECONDS = 400 * DAY_SECONDS;

export type TrialSubject = {
  /** The signed anonymous id from the visitor's cookie. */
  trialId: string;
  /** The client address bucket (IPv6 by /64). */
  address: string;
  /** A script (curl, a server), not a browser: a refusal then says how to send an API key. */
  isScript?: boolean;
};

export type TrialLimits = { runs: number; runsPerAddressPerDay: number };

export type TrialCounter = { key: string; limit: number; expiresAt: number };

/**
 * The two counters a run is charged to: the visitor's own (for good) and, as a backstop against
 * clearing the cookie, the client address's for the current UTC day. Keys are hashes, so the
 * table holds no addresses.
 */
export function trialCounters(
  subject: TrialSubject,
  limits: TrialLimits,
  now: Date,
): [TrialCounter, TrialCounter] {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const day = Math.floor(nowSeconds / DAY_SECONDS);
  return [
    {
      key: hash(`trial\n${subject.trialId}`),
      limit: limits.runs,
      expiresAt: nowSeconds + TRIAL_ID_SECONDS,
    },
    {
      key: hash(`address\n${subject.address}\n${day}`),
      limit: limits.runsPerAddressPerDay,
      expiresAt: (day + 2) * DAY_SECONDS,
    },
  ];
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
