import type { Logger } from '../../logger';
import { decrementCredit } from './credits.queries';
import { getCredits, type CreditOptions } from './get-credits';

/**
 * SPEC.md's deduct_credit: takes one credit atomically, or answers false when there is none.
 * A run reserves its credit with this before the model is called. A failure to reach the balance
 * counts as no credits.
 */
export async function deductCredit(options: CreditOptions & { logger: Logger }): Promise<boolean> {
  try {
    await getCredits(options);
    return await decrementCredit(options.db, options.userId);
  } catch (error) {
    options.logger.error({ err: error, userId: options.userId }, 'deducting a credit failed');
    return false;
  }
}
