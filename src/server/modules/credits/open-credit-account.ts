import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertCreditAccount } from './credits.queries';

/**
 * Gives a new account its sign-up credits (SIGNUP_CREDITS), or, while its address awaits
 * verification, holds them until releaseSignupCredits. Does nothing the second time.
 */
export async function openCreditAccount(options: {
  db: Kysely<Database>;
  userId: string;
  signupCredits: number;
  isAwaitingVerification?: boolean;
}): Promise<void> {
  const { db, userId, signupCredits } = options;
  if (options.isAwaitingVerification) await insertCreditAccount(db, userId, 0, signupCredits);
  else await insertCreditAccount(db, userId, signupCredits);
}
