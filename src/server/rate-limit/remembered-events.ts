import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Events remembered for a while under a hashed key, in the rate limiter's table of expiring
 * events (rate_limit_events): "this address signed in to this account", say. Like the limiter's
 * tries, the subject is kept only inside the hash, and the row goes when it expires.
 */
function keyOf(bucket: string, subject: string): string {
  return createHash('sha256').update(`${bucket}\n${subject}`).digest('hex');
}

export type RememberedEvent = {
  db: Kysely<Database>;
  bucket: string;
  subject: string;
};

/** Remembers the event for `seconds` from now, replacing an earlier one under the same key. */
export async function rememberEvent(
  options: RememberedEvent & { seconds: number; now?: Date },
): Promise<void> {
  const nowMs = (options.now ?? new Date()).getTime();
  const key = keyOf(options.bucket, options.subject);
  await options.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('rate_limit_events').where('key', '=', key).execute();
    await trx
      .insertInto('rate_limit_events')
      .values({
        id: randomUUID(),
        key,
        at_ms: nowMs,
        expires_at_ms: nowMs + options.seconds * 1000,
      })
      .execute();
  });
}

/** Whether the event is remembered and has not expired. */
export async function isEventRemembered(
  options: RememberedEvent & { now?: Date },
): Promise<boolean> {
  const nowMs = (options.now ?? new Date()).getTime();
  const row = await options.db
    .selectFrom('rate_limit_events')
    .select('id')
    .where('key', '=', keyOf(options.bucket, options.subject))
    .where('expires_at_ms', '>', nowMs)
    .executeTakeFirst();
  return row !== undefined;
}
