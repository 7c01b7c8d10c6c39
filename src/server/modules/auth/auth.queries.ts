import type { Kysely } from 'kysely';
import { toIsoTimestamp } from '../../db/dialect';
import type { Database } from '../../db/schema';

/** The user a password-reset token was issued for, while it is still good; null otherwise. */
export async function selectResetTokenUser(
  db: Kysely<Database>,
  token: string,
): Promise<{ id: string; email: string } | null> {
  const row = await db
    .selectFrom('verifications')
    .innerJoin('users', 'users.id', 'verifications.value')
    .select(['users.id', 'users.email', 'verifications.expiresAt'])
    .where('verifications.identifier', '=', `reset-password:${token}`)
    .executeTakeFirst();
  if (!row || Date.parse(toIsoTimestamp(row.expiresAt)) < Date.now()) return null;
  return { id: row.id, email: row.email };
}

/** Whether a user with this id exists (sign-up answers an unsaved stand-in for a taken email). */
export async function userExists(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
