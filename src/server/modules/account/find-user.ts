import type { Kysely } from 'kysely';
import { toIsoTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { selectUserByEmail, selectUserById, selectUsersOverview } from './account.queries';

export type UserSummary = {
  id: string;
  email: string;
  name: string;
  created_at: string;
  credits_remaining: number | null;
  credits_total: number | null;
  runs: number;
};

/** The user with this email (case does not matter), or null. */
export async function findUserByEmail(options: { db: Kysely<Database>; email: string }) {
  const user = await selectUserByEmail(options.db, options.email);
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}

/** The user with this id, or null (an automatic job acts for its extractor's owner). */
export async function findUserById(options: { db: Kysely<Database>; id: string }) {
  const user = await selectUserById(options.db, options.id);
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}

/** Every user, oldest first, for `rowsmith users list`. */
export async function listUsers(options: { db: Kysely<Database> }): Promise<UserSummary[]> {
  const rows = await selectUsersOverview(options.db);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    created_at: toIsoTimestamp(row.createdAt),
    credits_remaining: row.credits_remaining === null ? null : Number(row.credits_remaining),
    credits_total: row.credits_total === null ? null : Number(row.credits_total),
    runs: Number(row.runs ?? 0),
  }));
}
