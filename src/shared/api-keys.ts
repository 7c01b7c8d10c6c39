import { z } from 'zod';

/** Every key starts with this, so a leaked one is recognisable (and findable by secret scanners). */
export const API_KEY_PREFIX = 'rsk_';

export const createApiKeySchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the key a name.').max(80, 'Use at most 80 characters.'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeySchema>;

/** A key as it is listed: never its secret, only the prefix that identifies it. */
export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe(`The key's first characters (${API_KEY_PREFIX}…), to recognise it.`),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeySummary = z.output<typeof apiKeySummarySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });

/** A key just created: the only answer that holds the whole secret. */
export const createdApiKeySchema = apiKeySummarySchema.extend({
  key: z.string().describe('The whole key, shown only in this answer.'),
});
export type CreatedApiKey = z.output<typeof createdApiKeySchema>;

export const revokedApiKeySchema = z.object({ revoked: z.literal(true) });
export type RevokedApiKey = z.output<typeof revokedApiKeySchema>;
