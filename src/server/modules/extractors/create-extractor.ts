import type { Kysely } from 'kysely';
import { AppError } from '../../../shared/errors';
import { MAX_EXTRACTORS_PER_USER } from '../../../shared/extractors';
import { lockedWriteTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import {
  countExtractors,
  insertExtractor,
  isNameTaken,
  type ExtractorFields,
  type ExtractorRecord,
} from './extractors.queries';

/**
 * Saves a new extractor for the user: at most MAX_EXTRACTORS_PER_USER (EXTRACTOR_LIMIT_REACHED),
 * each name once (EXTRACTOR_NAME_TAKEN). The count, the name and the insert are one transaction
 * under a lock on the user, so concurrent requests cannot pass either.
 */
export function createExtractor(options: {
  db: Kysely<Database>;
  userId: string;
  fields: ExtractorFields;
}): Promise<ExtractorRecord> {
  const { userId, fields } = options;
  return lockedWriteTransaction(options.db, `extractors:${userId}`, async (trx) => {
    if ((await countExtractors(trx, userId)) >= MAX_EXTRACTORS_PER_USER)
      throw new AppError('EXTRACTOR_LIMIT_REACHED', {
        params: { limit: MAX_EXTRACTORS_PER_USER },
      });
    if (await isNameTaken(trx, userId, fields.name))
      throw new AppError('EXTRACTOR_NAME_TAKEN', { params: { name: fields.name } });
    return insertExtractor(trx, userId, fields);
  });
}
