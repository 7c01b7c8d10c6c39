import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { selectPictureKeys } from './job-pictures';
import { selectReadKeys } from './job-reads';
import { selectInputKeys, selectUserJobIds } from './jobs.queries';

/**
 * Account deletion: removes the stored inputs, kept reads and page pictures of the user's jobs (a
 * failure stops the deletion, like the result files). The jobs themselves, their results and
 * corrections go with the user's row.
 */
export async function removeUserJobInputs(options: {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  userId: string;
}): Promise<void> {
  const jobIds = await selectUserJobIds(options.db, options.userId);
  await options.storage.remove(await selectInputKeys(options.db, jobIds));
  await options.storage.remove(await selectReadKeys(options.db, jobIds));
  await options.storage.remove(await selectPictureKeys(options.db, jobIds));
}
