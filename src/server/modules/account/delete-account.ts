import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { closeCreditAccount } from '../credits/close-credit-account';
import { removeUserJobInputs } from '../jobs/remove-user-jobs';
import { removeStoredResults } from '../results/remove-stored-results';
import { deleteUsage } from '../usage/delete-usage';
import { deleteAuthRecords } from './account.queries';

/**
 * Deletes a user and everything kept about them: stored files first (job inputs and results;
 * when the store cannot be reached, nothing is deleted and the user can try again), then usage
 * records, credits, sessions, jobs and the user in one transaction.
 */
export async function deleteAccount(options: {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  userId: string;
}): Promise<{ files: number }> {
  const { db, userId } = options;
  try {
    await removeUserJobInputs(options);
    const files = await removeStoredResults({ storage: options.storage, userId });
    await db.transaction().execute(async (trx) => {
      await deleteUsage({ db: trx, userId });
      await closeCreditAccount({ db: trx, userId });
      await deleteAuthRecords(trx, userId);
    });
    options.logger.info({ userId, files }, 'account deleted');
    return { files };
  } catch (error) {
    options.logger.error({ err: error, userId }, 'account deletion failed');
    throw new AppError('ACCOUNT_DELETE_FAILED', { cause: error });
  }
}
