import type { Kysely } from 'kysely';
import type { CreditRequestsTable, Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertCreditRequest(db: Db, row: CreditRequestsTable): Promise<void> {
  await db.insertInto('credit_requests').values(row).execute();
}

export async function selectOpenCreditRequest(db: Db, userId: string) {
  return db
    .selectFrom('credit_requests')
    .select(['id', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export async function selectUserCreditRequests(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('credit_requests')
    .select(['id', 'credits', 'message', 'status', 'created_at', 'granted_at', 'granted_credits'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Every user's requests with the account's email and name, newest first. */
export async function selectCreditRequests(
  db: Db,
  options: { status: 'open' | 'granted' | null; limit: number },
) {
  let query = db
    .selectFrom('credit_requests')
    .innerJoin('users', 'users.id', 'credit_requests.user_id')
    .select([
      'credit_requests.id',
      'users.email',
      'users.name',
      'credit_requests.credits',
      'credit_requests.message',
      'credit_requests.status',
      'credit_requests.created_at',
      'credit_requests.granted_at',
      'credit_requests.granted_credits',
    ])
    .orderBy('credit_requests.created_at', 'desc')
    .limit(options.limit);
  if (options.status) query = query.where('credit_requests.status', '=', options.status);
  return query.execute();
}

/**
 * Answers the user's open requests with a grant of `amount`, oldest first: each is given what it
 * asked for while the amount lasts, so a grant smaller than what was asked shows as such.
 */
export async function markCreditRequestsGranted(
  db: Db,
  userId: string,
  at: string,
  amount: number,
): Promise<{ credits: number; granted: number }[]> {
  const open = await db
    .selectFrom('credit_requests')
    .select(['id', 'credits'])
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .orderBy('created_at')
    .execute();
  let left = amount;
  const answered: { credits: number; granted: number }[] = [];
  for (const request of open) {
    const credits = Number(request.credits);
    const granted = Math.min(left, credits);
    left -= granted;
    answered.push({ credits, granted });
    await db
      .updateTable('credit_requests')
      .set({ status: 'granted', granted_at: at, granted_credits: granted })
      .where('id', '=', request.id)
      .where('status', '=', 'open')
      .execute();
  }
  return answered;
}
