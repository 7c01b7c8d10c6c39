import type { Credits } from '../../../shared/account';
import { incrementCredits } from './credits.queries';
import { getCredits, type CreditOptions } from './get-credits';

/** An operator's grant: adds `amount` to both the balance and the total. */
export async function grantCredits(options: CreditOptions & { amount: number }): Promise<Credits> {
  await getCredits(options);
  await incrementCredits(options.db, options.userId, options.amount, true);
  return getCredits(options);
}
