import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findExtractorByInboxToken, type ExtractorRecord } from './extractors.queries';
import { inboxTokenOf } from '../inbox/inbox-address';

/** The saved extractor an envelope recipient is the inbox of, or null for anyone else. */
export async function findInboxExtractor(options: {
  db: Kysely<Database>;
  address: string;
  domain: string;
}): Promise<ExtractorRecord | null> {
  const token = inboxTokenOf(options.address, options.domain);
  return token ? findExtractorByInboxToken(options.db, token) : null;
}
