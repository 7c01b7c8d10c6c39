import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Counts `count` runs under `key` unless that would pass `limit`; answers whether they were
 * counted. One conditional upsert, so simultaneous runs cannot both take the last one.
 */
export async function takeTrialRun(
  db: Db,
  key: string,
  limit: number,
  expiresAt: number,
  count = 1,
): Promise<boolean> {
  if (limit < count || count <= 0) return false;
  const row = await db
    .insertInto('trial_runs')
    .values({ key, runs: count, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ runs: eb('trial_runs.runs', '+', count), expires_at: expiresAt }))
        .where('trial_runs.runs', '<=', limit - count),
    )
    .returning('runs')
    .executeTakeFirst();
  return row !== undefined;
}

export async function giveBackTrialRun(db: Db, key: string, count = 1): Promise<void> {
  await db
    .updateTable('trial_runs')
    .set((eb) => ({ runs: eb('runs', '-', count) }))
    .where('key', '=', key)
    .where('runs', '>=', count)
    .execute();
}

export async function selectTrialRuns(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('trial_runs')
    .select(['key', 'runs'])
    .where('key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.runs)]));
}

export async function deleteExpiredTrialRuns(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('trial_runs').where('expires_at', '<=', nowSeconds).execute();
}
