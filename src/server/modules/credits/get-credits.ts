import type { Kysely } from 'kysely';
import type { Credits } from '../../../shared/account';
import type { Database } from '../../db/schema';
import { insertCreditAccount, selectCredits } from './credits.queries';

export type CreditOptions = { db: Kysely<Database>; userId: string; signupCredits: number };

/** SPEC.md's get_user_credits. An account made before credits existed is opened on first use. */
export async function getCredits({ db, userId, signupCredits }: CreditOptions): Promise<Credits> {
  let row = await selectCredits(db, userId);
  if (!row) {
    await insertCreditAccount(db, userId, signupCredits);
    row = await selectCredits(db, userId);
  }
  return {
    credits_remaining: Number(row?.credits_remaining ?? 0),
    credits_total: Number(row?.credits_total ?? 0),
  };
}
