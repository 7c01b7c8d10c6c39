import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Counts one run under `key` unless `limit` runs are counted already; answers whether it was
 * counted. One conditional upsert, so simultaneous runs cannot both take the last one.
 */
export async function takeTrialRun(
  db: Db,
  key: string,
  limit: number,
  expiresAt: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const row = await db
    .insertInto('trial_runs')
    .values({ key, runs: 1, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet((eb) => ({ runs: eb('trial_runs.runs', '+', 1), expires_at: expiresAt }))
        .where('trial_runs.runs', '<', limit),
    )
    .returning('runs')
    .executeTakeFirst();
  return row !== undefined;
}

export async function giveBackTrialRun(db: Db, key: string): Promise<void> {
  await db
    .updateTable('trial_runs')
    .set((eb) => ({ runs: eb('runs', '-', 1) }))
    .where('key', '=', key)
    .where('runs', '>', 0)
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
