import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { releasePendingCredits } from './credits.queries';

/** The address is verified: the sign-up credits it waited for are the user's, once. */
export async function releaseSignupCredits(options: {
  db: Kysely<Database>;
  logger: Logger;
  userId: string;
}): Promise<number> {
  const released = await releasePendingCredits(options.db, options.userId);
  if (released > 0)
    options.logger.info({ userId: options.userId, released }, 'sign-up credits released');
  return released;
}
