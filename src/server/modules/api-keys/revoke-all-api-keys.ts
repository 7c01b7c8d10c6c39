import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { deleteUserApiKeys } from './api-keys.queries';

/**
 * Revokes every API key of a user at once, as a password change or reset offers to: scripts
 * using them stop working. Answers how many keys were revoked.
 */
export async function revokeAllApiKeys(options: {
  db: Kysely<Database>;
  logger: Logger;
  userId: string;
}): Promise<number> {
  const revoked = await deleteUserApiKeys(options.db, options.userId);
  if (revoked > 0) options.logger.info({ userId: options.userId, revoked }, 'api keys revoked');
  return revoked;
}
