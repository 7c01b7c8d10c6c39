import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * Creates the user's credit account with `amount` credits unless it exists; `pending` more wait
 * for the address to be verified.
 */
export async function insertCreditAccount(
  db: Db,
  userId: string,
  amount: number,
  pending = 0,
): Promise<void> {
  await db
    .insertInto('user_credits')
    .values({
      user_id: userId,
      credits_remaining: amount,
      credits_total: amount,
      signup_credits_pending: pending,
      updated_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export async function selectCredits(db: Db, userId: string) {
  return db
    .selectFrom('user_credits')
    .select(['credits_remaining', 'credits_total', 'signup_credits_pending'])
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

/**
 * Moves the sign-up credits that waited for verification to the balance. One conditional
 * UPDATE: called twice, or twice at once, it moves them once. Answers how many it moved.
 */
export async function releasePendingCredits(db: Db, userId: string): Promise<number> {
  const row = await selectCredits(db, userId);
  const pending = Number(row?.signup_credits_pending ?? 0);
  if (pending <= 0) return 0;
  const result = await db
    .updateTable('user_credits')
    .set((eb) => ({
      credits_remaining: eb('credits_remaining', '+', pending),
      credits_total: eb('credits_total', '+', pending),
      signup_credits_pending: 0,
      updated_at: new Date().toISOString(),
    }))
    .where('user_id', '=', userId)
    .where('signup_credits_pending', '=', pending)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? pending : 0;
}

export async function deleteCreditAccount(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('user_credits').where('user_id', '=', userId).execute();
}
