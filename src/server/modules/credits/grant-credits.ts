import type { Credits } from '../../../shared/account';
import { markCreditRequestsGranted } from './credit-requests.queries';
import { incrementCredits } from './credits.queries';
import { getCredits, type CreditOptions } from './get-credits';

/**
 * An operator's grant: adds `amount` to both the balance and the total, and answers the user's
 * open requests for credits, each with what the amount gave it (the user sees a partial grant).
 */
export async function grantCredits(
  options: CreditOptions & { amount: number },
): Promise<Credits & { answered: { credits: number; granted: number }[] }> {
  await getCredits(options);
  await incrementCredits(options.db, options.userId, options.amount, true);
  const answered = await markCreditRequestsGranted(
    options.db,
    options.userId,
    new Date().toISOString(),
    options.amount,
  );
  return { ...(await getCredits(options)), answered };
}
