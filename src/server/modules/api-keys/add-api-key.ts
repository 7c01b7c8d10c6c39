import type { Kysely } from 'kysely';
import type { CreatedApiKey } from '../../../shared/api-keys';
import { AppError } from '../../../shared/errors';
import { lockedWriteTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import { countApiKeys, createApiKey, MAX_KEYS_PER_USER } from './api-keys.queries';

/**
 * Creates an API key for the user, who holds at most MAX_KEYS_PER_USER (API_KEY_LIMIT_REACHED):
 * counted and added in one transaction under a lock on the user, so concurrent requests cannot
 * pass the limit.
 */
export function addApiKey(options: {
  db: Kysely<Database>;
  userId: string;
  name: string;
}): Promise<CreatedApiKey> {
  const { userId } = options;
  return lockedWriteTransaction(options.db, `api-keys:${userId}`, async (trx) => {
    if ((await countApiKeys(trx, userId)) >= MAX_KEYS_PER_USER)
      throw new AppError('API_KEY_LIMIT_REACHED', { params: { limit: MAX_KEYS_PER_USER } });
    return createApiKey(trx, userId, options.name);
  });
}
