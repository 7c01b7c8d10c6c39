import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findExtractor, type ExtractorRecord } from './extractors.queries';

/** A saved extractor as stored (its inbox token, reply format and webhook included). */
export type SavedExtractor = ExtractorRecord;

/** One of the user's saved extractors, or null (a schedule runs it for its owner). */
export function findSavedExtractor(options: {
  db: Kysely<Database>;
  userId: string;
  id: string;
}): Promise<ExtractorRecord | null> {
  return findExtractor(options.db, options.userId, options.id);
}
