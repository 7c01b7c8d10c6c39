import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC text on both SQLite and PostgreSQL
 * (docs/decisions/002-database-layer.md), so values read back are the same on either.
 */
export type Database = {
  contact_messages: ContactMessagesTable;
  rate_limit_hits: RateLimitHitsTable;
};

export type ContactMessagesTable = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
};

export type RateLimitHitsTable = {
  /** The bucket, a hash of the client key and the window number. */
  key: string;
  count: Generated<number>;
  /** Epoch seconds after which the row may be deleted. */
  expires_at: number;
};
