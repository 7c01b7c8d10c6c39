import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export type RateLimitResult = {
  isAllowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
};

export type HitRateLimitOptions = {
  db: Kysely<Database>;
  /** What is limited, e.g. `contact`. */
  bucket: string;
  /** Who is limited, e.g. a client address. Stored only as part of a hash. */
  subject: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
};

/**
 * Counts one hit in a fixed window, in the database so that every app server shares the count.
 * The increment is a single upsert, so simultaneous hits cannot both slip under the limit.
 */
export async function hitRateLimit(options: HitRateLimitOptions): Promise<RateLimitResult> {
  const { db, bucket, subject, limit, windowSeconds } = options;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const windowIndex = Math.floor(nowSeconds / windowSeconds);
  const expiresAt = (windowIndex + 1) * windowSeconds;
  const key = createHash('sha256').update(`${bucket}\n${subject}\n${windowIndex}`).digest('hex');

  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, count: 1, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({ count: eb('rate_limit_hits.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();

  await db.deleteFrom('rate_limit_hits').where('expires_at', '<=', nowSeconds).execute();

  const count = Number(row.count);
  return {
    isAllowed: count <= limit,
    remaining: Math.max(limit - count, 0),
    retryAfterSeconds: count <= limit ? 0 : Math.max(expiresAt - nowSeconds, 1),
  };
}
