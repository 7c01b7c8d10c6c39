import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findExtractorByInboxToken, type InboxExtractor } from './extractors.queries';
import { inboxTokenOf } from '../inbox/inbox-address';

export type { InboxExtractor };

/** The saved extractor an envelope recipient is the inbox of (with its owner's address), or null. */
export async function findInboxExtractor(options: {
  db: Kysely<Database>;
  address: string;
  domain: string;
}): Promise<InboxExtractor | null> {
  const token = inboxTokenOf(options.address, options.domain);
  return token ? findExtractorByInboxToken(options.db, token) : null;
}
