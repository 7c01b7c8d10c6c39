import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteCreditAccount } from './credits.queries';

/** Removes a user's credits (account deletion). */
export async function closeCreditAccount(options: { db: Kysely<Database>; userId: string }) {
  await deleteCreditAccount(options.db, options.userId);
}
