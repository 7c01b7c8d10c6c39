import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ContactMessage, ContactReceived } from '../../../shared/contact';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { insertContactMessage } from './contact.queries';

export type SubmitContactMessageOptions = {
  db: Kysely<Database>;
  logger: Logger;
  message: ContactMessage;
  now?: Date;
};

/** Stores a validated contact message and logs it, so that nothing sent to us is lost. */
export async function submitContactMessage({
  db,
  logger,
  message,
  now = new Date(),
}: SubmitContactMessageOptions): Promise<ContactReceived> {
  const row = { id: randomUUID(), ...message, created_at: now.toISOString() };
  await insertContactMessage(db, row);
  logger.info(
    { contactMessageId: row.id, subject: message.subject, messageLength: message.message.length },
    'contact message received',
  );
  return { id: row.id, receivedAt: row.created_at };
}
