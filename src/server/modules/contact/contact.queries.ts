import type { Kysely } from 'kysely';
import type { ContactMessagesTable, Database } from '../../db/schema';

export async function insertContactMessage(db: Kysely<Database>, row: ContactMessagesTable) {
  await db.insertInto('contact_messages').values(row).execute();
}

export async function listContactMessages(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
