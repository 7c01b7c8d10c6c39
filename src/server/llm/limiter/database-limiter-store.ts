import type { Kysely } from 'kysely';
import { lockKeyForTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { LimiterState } from './limiter-state';
import type { LimiterStore } from './limiter-store';

/** A place whose process stopped renewing it is free again after this long. */
const PLACE_LEASE_MS = 30_000;

/**
 * The limiter state in the database, shared by every process that uses it: each change runs in a
 * transaction holding the endpoint's lock, so any number of workers together give out no more
 * places than the window allows. Places of a process that stopped expire.
 */
export function createDatabaseLimiterStore(db: Kysely<Database>): LimiterStore {
  return {
    isShared: true,
    update(key, change, news = {}) {
      return db.transaction().execute(async (trx) => {
        await lockKeyForTransaction(trx, `model-limit:${key}`);
        const now = Date.now();
        if (news.give?.length)
          await trx.deleteFrom('model_limit_places').where('id', 'in', news.give).execute();
        if (news.accept?.length)
          await trx
            .updateTable('model_limit_places')
            .set({ accepted: 1 })
            .where('id', 'in', news.accept)
            .execute();
        await trx
          .deleteFrom('model_limit_places')
          .where('key', '=', key)
          .where('expires_at', '<', now)
          .execute();
        const counts = await trx
          .selectFrom('model_limit_places')
          .select((eb) => [
            eb.fn.countAll<number>().as('live'),
            eb.fn.sum<number>('accepted').as('accepted'),
          ])
          .where('key', '=', key)
          .executeTakeFirst();
        const row = await trx
          .selectFrom('model_limits')
          .select('state')
          .where('key', '=', key)
          .executeTakeFirst();
        const next = change({
          state: row ? (JSON.parse(row.state) as LimiterState) : null,
          inFlight: { live: Number(counts?.live ?? 0), accepted: Number(counts?.accepted ?? 0) },
          now,
        });
        const state = JSON.stringify(next.state);
        const updatedAt = new Date(now).toISOString();
        await trx
          .insertInto('model_limits')
          .values({ key, state, updated_at: updatedAt })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet({ state, updated_at: updatedAt }),
          )
          .execute();
        if (next.take?.length)
          await trx
            .insertInto('model_limit_places')
            .values(
              next.take.map((place) => ({
                id: place.id,
                key,
                tokens: place.tokens,
                accepted: 0,
                expires_at: now + PLACE_LEASE_MS,
              })),
            )
            .execute();
        return next.result;
      });
    },
    async renew(ids) {
      if (ids.length === 0) return;
      await db
        .updateTable('model_limit_places')
        .set({ expires_at: Date.now() + PLACE_LEASE_MS })
        .where('id', 'in', ids)
        .execute();
    },
  };
}
