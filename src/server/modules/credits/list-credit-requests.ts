import type { Kysely } from 'kysely';
import type { CreditRequestStatus } from '../../../shared/credit-request-limits';
import type { Database } from '../../db/schema';
import { selectCreditRequests } from './credit-requests.queries';

export type CreditRequestSummary = {
  id: string;
  email: string;
  name: string;
  credits: number;
  message: string;
  status: CreditRequestStatus;
  created_at: string;
  granted_at: string | null;
  granted_credits: number | null;
};

/** For operators: every account's requests for credits, newest first; open ones by default. */
export async function listCreditRequests(options: {
  db: Kysely<Database>;
  status?: CreditRequestStatus | null;
  limit?: number;
}): Promise<CreditRequestSummary[]> {
  const rows = await selectCreditRequests(options.db, {
    status: options.status === undefined ? 'open' : options.status,
    limit: options.limit ?? 100,
  });
  return rows.map((row) => ({
    ...row,
    credits: Number(row.credits),
    granted_credits: row.granted_credits === null ? null : Number(row.granted_credits),
  }));
}
