import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { selectCredits } from './credits.queries';

/** Sign-up credits still waiting for the user's address to be verified (0 for most). */
export async function getPendingCredits(options: {
  db: Kysely<Database>;
  userId: string;
}): Promise<number> {
  const row = await selectCredits(options.db, options.userId);
  return Number(row?.signup_credits_pending ?? 0);
}
