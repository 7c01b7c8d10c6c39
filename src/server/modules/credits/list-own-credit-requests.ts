import type { Kysely } from 'kysely';
import type { CreditRequestList } from '../../../shared/credit-requests';
import type { Database } from '../../db/schema';
import { selectUserCreditRequests } from './credit-requests.queries';

/** GET /api/credit-requests: the user's own requests for credits, newest first. */
export async function listOwnCreditRequests(options: {
  db: Kysely<Database>;
  userId: string;
}): Promise<CreditRequestList> {
  const rows = await selectUserCreditRequests(options.db, options.userId, 20);
  return {
    requests: rows.map((row) => ({
      ...row,
      credits: Number(row.credits),
      granted_credits: row.granted_credits === null ? null : Number(row.granted_credits),
    })),
  };
}
