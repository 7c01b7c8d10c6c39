import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { clearInputKeys, selectInputKeys } from './jobs.queries';

/**
 * Deletes the stored inputs (uploaded files, pasted text) of jobs that ended: they are kept
 * only while needed. A failure is logged; the sweep tries again later.
 */
export async function removeJobInputs(
  deps: { db: Kysely<Database>; storage: FileStorage; logger: Logger },
  jobIds: string[],
): Promise<void> {
  try {
    const keys = await selectInputKeys(deps.db, jobIds);
    await deps.storage.remove(keys);
    await clearInputKeys(deps.db, jobIds);
  } catch (error) {
    deps.logger.error({ err: error, jobIds }, 'removing job inputs failed');
  }
}
