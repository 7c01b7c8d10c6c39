import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Creates the user's credit account with `amount` credits unless it exists. */
export async function insertCreditAccount(db: Db, userId: string, amount: number): Promise<void> {
  await db
    .insertInto('user_credits')
    .values({
      user_id: userId,
      credits_remaining: amount,
      credits_total: amount,
      updated_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export async function selectCredits(db: Db, userId: string) {
  return db
    .selectFrom('user_credits')
    .select(['credits_remaining', 'credits_total'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Takes `count` credits if there are that many. A single conditional UPDATE: the database
 * serialises simultaneous calls, so the balance can never go below zero.
 */
export async function decrementCredits(db: Db, userId: string, count = 1): Promise<boolean> {
  const result = await db
    .updateTable('user_credits')
    .set((eb) => ({
      credits_remaining: eb('credits_remaining', '-', count),
      updated_at: new Date().toISOString(),
    }))
    .where('user_id', '=', userId)
    .where('credits_remaining', '>=', count)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Adds to the balance; `alsoTotal` for a grant, not for giving a reserved credit back. */
export async function incrementCredits(
  db: Db,
  userId: string,
  amount: number,
  alsoTotal: boolean,
): Promise<void> {
  await db
    .updateTable('user_credits')
    .set((eb) => ({
      credits_remaining: eb('credits_remaining', '+', amount),
      ...(alsoTotal ? { credits_total: eb('credits_total', '+', amount) } : {}),
      updated_at: new Date().toISOString(),
    }))
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteCreditAccount(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_credits').where('user_id', '=', userId).execute();
}
