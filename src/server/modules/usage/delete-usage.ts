import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteUsageOf } from './usage.queries';

/** Removes every usage record of a user (account deletion). */
export async function deleteUsage(options: { db: Kysely<Database>; userId: string }) {
  await deleteUsageOf(options.db, options.userId);
}
