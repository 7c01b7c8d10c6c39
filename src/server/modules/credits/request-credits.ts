import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CreditRequest, CreditRequestInput } from '../../../shared/credit-requests';
import { AppError } from '../../../shared/errors';
import { lockedWriteTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { insertCreditRequest, selectOpenCreditRequest } from './credit-requests.queries';

/**
 * A signed-in user asks for more credits (issue 20 point 6): stored with the account and logged,
 * like a contact message, for an operator to answer with `rowsmith credits grant`. One request
 * waits at a time: a second, while the first is open, is refused with its date.
 */
export async function requestCredits(options: {
  db: Kysely<Database>;
  logger: Logger;
  userId: string;
  input: CreditRequestInput;
  now?: Date;
}): Promise<CreditRequest> {
  const { db, userId, input } = options;
  const row = {
    id: randomUUID(),
    user_id: userId,
    credits: input.credits,
    message: input.message,
    status: 'open' as const,
    created_at: (options.now ?? new Date()).toISOString(),
    granted_at: null,
    granted_credits: null,
  };
  // Looked for and added under a lock on the user: concurrent requests leave one open.
  await lockedWriteTransaction(db, `credit-requests:${userId}`, async (trx) => {
    const open = await selectOpenCreditRequest(trx, userId);
    if (open)
      throw new AppError('CREDIT_REQUEST_PENDING', {
        params: { date: open.created_at.slice(0, 10) },
      });
    await insertCreditRequest(trx, row);
  });
  options.logger.info(
    { creditRequestId: row.id, userId, credits: row.credits },
    'credit request received',
  );
  const { user_id: _owner, ...request } = row;
  return request;
}
