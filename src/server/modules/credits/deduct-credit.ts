import type { Logger } from '../../logger';
import { decrementCredits } from './credits.queries';
import { getCredits, type CreditOptions } from './get-credits';

/**
 * SPEC.md's deduct_credit: takes one credit (or `count`, for a batch) atomically, or answers
 * false when there are not that many. A run reserves its credits with this before any work. A
 * failure to reach the balance counts as no credits.
 */
export async function deductCredit(
  options: CreditOptions & { logger: Logger; count?: number },
): Promise<boolean> {
  try {
    await getCredits(options);
    return await decrementCredits(options.db, options.userId, options.count ?? 1);
  } catch (error) {
    options.logger.error({ err: error, userId: options.userId }, 'deducting a credit failed');
    return false;
  }
}
