import { z } from 'zod';

/** Every key starts with this, so a leaked one is recognisable (and findable by secret scanners). */
export const API_KEY_PREFIX = 'rsk_';

export const createApiKeySchema = z.strictObject({
  name: z.string().trim().min(1, 'Give the key a name.').max(80, 'Use at most 80 characters.'),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeySchema>;

/** A key as it is listed: never its secret, only the prefix that identifies it. */
export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
};

/** A key just created: the only answer that holds the whole secret. */
export type CreatedApiKey = ApiKeySummary & { key: string };
