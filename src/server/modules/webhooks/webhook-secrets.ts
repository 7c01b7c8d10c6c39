import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generateWebhookSecret } from './webhook-signature';

type Db = Kysely<Database>;

/** The user's signing secret, made on first use. */
export async function webhookSecretOf(db: Db, userId: string): Promise<string> {
  const found = await db
    .selectFrom('webhook_secrets')
    .select('secret')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (found) return found.secret;
  await db
    .insertInto('webhook_secrets')
    .values({
      user_id: userId,
      secret: generateWebhookSecret(),
      created_at: new Date().toISOString(),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
  return webhookSecretOf(db, userId);
}

/** Replaces the user's secret: deliveries from now on are signed with the new one. */
export async function rotateWebhookSecret(db: Db, userId: string): Promise<string> {
  await db.deleteFrom('webhook_secrets').where('user_id', '=', userId).execute();
  return webhookSecretOf(db, userId);
}
