import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findExtractor, type ExtractorRecord } from './extractors.queries';

/** One of the user's saved extractors, or null (a schedule runs it for its owner). */
export function findSavedExtractor(options: {
  db: Kysely<Database>;
  userId: string;
  id: string;
}): Promise<ExtractorRecord | null> {
  return findExtractor(options.db, options.userId, options.id);
}
