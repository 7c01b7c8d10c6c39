import { z } from 'zod';

/** GET /api/webhooks/secret: the secret that signs the user's webhooks (Standard Webhooks). */
export const webhookSecretSchema = z.object({
  secret: z.string().describe('whsec_ and 32 random bytes in base64'),
});
export type WebhookSecret = z.output<typeof webhookSecretSchema>;
