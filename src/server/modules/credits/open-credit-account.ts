import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertCreditAccount } from './credits.queries';

/** Gives a new account its sign-up credits (SIGNUP_CREDITS). Does nothing the second time. */
export async function openCreditAccount(options: {
  db: Kysely<Database>;
  userId: string;
  signupCredits: number;
}): Promise<void> {
  await insertCreditAccount(options.db, options.userId, options.signupCredits);
}
