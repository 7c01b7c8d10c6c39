import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { lockKeyForTransaction } from '../db/dialect';
import type { Database } from '../db/schema';

export type RateLimitResult = {
  isAllowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
  /** The counted try, to give back with `forgetRateLimitHit`; null when refused or peeked. */
  hitId: string | null;
};

export type HitRateLimitOptions = {
  db: Kysely<Database>;
  /** What is limited, e.g. `contact`. */
  bucket: string;
  /** Who is limited, e.g. a client address or an email. Stored only as part of a hash. */
  subject: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
};

/**
 * Counts one try in a sliding window: it is allowed when fewer than `limit` tries were counted
 * in the `windowSeconds` before it, so no stretch of that length ever holds more (fixed windows
 * let twice the limit through across a boundary). Refused tries are not counted. The tries live
 * in the database, so every app server shares them, and tries on one key take turns inside a
 * transaction, so simultaneous tries are counted exactly.
 */
export function hitRateLimit(options: HitRateLimitOptions): Promise<RateLimitResult> {
  return checkRateLimit(options, true);
}

/**
 * Whether a try would be allowed now, without counting it: for a check made before the thing
 * limited is known to happen (an inbox's RCPT, counted only once its mail is accepted).
 */
export function peekRateLimit(options: HitRateLimitOptions): Promise<RateLimitResult> {
  return checkRateLimit(options, false);
}

async function checkRateLimit(
  options: HitRateLimitOptions,
  isCounted: boolean,
): Promise<RateLimitResult> {
  const { db, bucket, subject, limit, windowSeconds } = options;
  const nowMs = (options.now ?? new Date()).getTime();
  const windowMs = windowSeconds * 1000;
  const key = createHash('sha256').update(`${bucket}\n${subject}`).digest('hex');

  const result = await db.transaction().execute(async (trx) => {
    await lockKeyForTransaction(trx, key);
    await trx
      .deleteFrom('rate_limit_events')
      .where('key', '=', key)
      .where('at_ms', '<=', nowMs - windowMs)
      .execute();
    const counted = await trx
      .selectFrom('rate_limit_events')
      .select('at_ms')
      .where('key', '=', key)
      .orderBy('at_ms')
      .execute();
    if (counted.length >= limit) {
      // A slot frees when enough of the counted tries have left the window.
      const freesAt = Number(counted[counted.length - limit]?.at_ms ?? nowMs) + windowMs;
      const retryAfterSeconds = Math.max(Math.ceil((freesAt - nowMs) / 1000), 1);
      return { isAllowed: false, remaining: 0, retryAfterSeconds, hitId: null };
    }
    if (!isCounted)
      return {
        isAllowed: true,
        remaining: limit - counted.length,
        retryAfterSeconds: 0,
        hitId: null,
      };
    const hitId = randomUUID();
    await trx
      .insertInto('rate_limit_events')
      .values({ id: hitId, key, at_ms: nowMs, expires_at_ms: nowMs + windowMs })
      .execute();
    return { isAllowed: true, remaining: limit - counted.length - 1, retryAfterSeconds: 0, hitId };
  });

  await db.deleteFrom('rate_limit_events').where('expires_at_ms', '<=', nowMs).execute();
  return result;
}

/** Gives a counted try back, e.g. a sign-in that succeeded. */
export async function forgetRateLimitHit(options: {
  db: Kysely<Database>;
  hitId: string;
}): Promise<void> {
  await options.db.deleteFrom('rate_limit_events').where('id', '=', options.hitId).execute();
}
