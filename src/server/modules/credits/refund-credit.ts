import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { incrementCredits } from './credits.queries';

/** Gives back a credit reserved by `deductCredit` for a run that did not succeed. */
export async function refundCredit(options: {
  db: Kysely<Database>;
  userId: string;
}): Promise<void> {
  await incrementCredits(options.db, options.userId, 1, false);
}
