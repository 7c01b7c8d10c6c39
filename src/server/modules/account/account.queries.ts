import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function selectUserById(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'createdAt', 'emailVerified'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function selectUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'createdAt'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Every user with their credits and run count, for operators. */
export async function selectUsersOverview(db: Db) {
  return db
    .selectFrom('users')
    .leftJoin('user_credits', 'user_credits.user_id', 'users.id')
    .select((eb) => [
      'users.id',
      'users.email',
      'users.name',
      'users.createdAt',
      'user_credits.credits_remaining',
      'user_credits.credits_total',
      eb
        .selectFrom('usage_tracking')
        .select((sub) => sub.fn.countAll<number | string>().as('runs'))
        .whereRef('usage_tracking.user_id', '=', 'users.id')
        .as('runs'),
    ])
    .orderBy('users.createdAt')
    .execute();
}

/** Removes the user's sign-in records (sessions, password, reset tokens) and the user. */
export async function deleteAuthRecords(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('api_keys').where('user_id', '=', userId).execute();
  await db.deleteFrom('extractors').where('user_id', '=', userId).execute();
  await db.deleteFrom('webhook_secrets').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('userId', '=', userId).execute();
  await db.deleteFrom('accounts').where('userId', '=', userId).execute();
  await db.deleteFrom('verifications').where('value', '=', userId).execute();
  await db.deleteFrom('users').where('id', '=', userId).execute();
}
