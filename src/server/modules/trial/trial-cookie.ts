import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { signValue, verifySignedValue } from '../../auth/signed-value';
import { TRIAL_ID_SECONDS } from './trial-counters';

const COOKIE = 'rowsmith_trial';
const PURPOSE = 'trial-id';

/** The visitor's id from its signed cookie, without making one: null when there is none. */
export function readTrialId(c: Context, secret: string): string | null {
  const cookie = getCookie(c, COOKIE);
  return cookie ? verifySignedValue(secret, PURPOSE, cookie) : null;
}

/**
 * The anonymous visitor's id, from its signed cookie; a missing or forged cookie gets a new id
 * (the per-address counter still holds). The cookie is HttpOnly: the browser's own trial count
 * is for display only.
 */
export function trialIdFor(c: Context, secret: string, isSecure: boolean): string {
  const known = readTrialId(c, secret);
  if (known) return known;
  const trialId = randomBytes(16).toString('base64url');
  setCookie(c, COOKIE, signValue(secret, PURPOSE, trialId), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure,
    path: '/api',
    maxAge: TRIAL_ID_SECONDS,
  });
  return trialId;
}
