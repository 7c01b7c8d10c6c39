import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` and the base64 HMAC-SHA256, keyed
 * with the secret's decoded bytes, of `{webhook-id}.{webhook-timestamp}.{body}`.
 */
export function signWebhook(
  secret: string,
  message: { id: string; timestamp: number; body: string },
): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const signed = `${message.id}.${message.timestamp}.${message.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}
