import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listContactMessages as selectContactMessages } from './contact.queries';

/** The newest contact messages first, for operators. */
export async function listContactMessages({
  db,
  limit = 50,
}: {
  db: Kysely<Database>;
  limit?: number;
}) {
  return selectContactMessages(db, limit);
}
