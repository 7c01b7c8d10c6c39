import type { Logger } from '../../logger';
import { getCredits, type CreditOptions } from './get-credits';

/** SPEC.md's has_credits. A failure to read the balance counts as no credits (SPEC.md section 8). */
export async function hasCredits(options: CreditOptions & { logger: Logger }): Promise<boolean> {
  try {
    return (await getCredits(options)).credits_remaining > 0;
  } catch (error) {
    options.logger.error({ err: error, userId: options.userId }, 'reading credits failed');
    return false;
  }
}
