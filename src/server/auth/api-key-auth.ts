import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { AppError } from '../../shared/errors';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import type { AppBindings } from '../http/types';
import { bearerKey, hashApiKey } from '../modules/api-keys/api-key-secret';
import { useApiKey } from '../modules/api-keys/api-keys.queries';
import { hitRateLimit } from '../rate-limit/hit-rate-limit';

/**
 * Requests that carry `Authorization: Bearer <key>` act as the key's owner: the key must exist
 * (401 INVALID_API_KEY otherwise, never a fall-back to the cookie) and is limited to
 * API_KEY_RATE_LIMIT requests a minute. Requests without the header pass untouched.
 */
export function apiKeyAuth({
  db,
  env,
}: {
  db: Kysely<Database>;
  env: Pick<Env, 'API_KEY_RATE_LIMIT'>;
}) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const key = bearerKey(c.req.header('authorization'));
    if (key === null) return next();
    const found = key ? await useApiKey(db, hashApiKey(key)) : null;
    if (!found) throw new AppError('INVALID_API_KEY');
    const limit = await hitRateLimit({
      db,
      bucket: 'api-key',
      subject: found.keyId,
      limit: env.API_KEY_RATE_LIMIT,
      windowSeconds: 60,
    });
    c.header('RateLimit-Limit', String(env.API_KEY_RATE_LIMIT));
    c.header('RateLimit-Remaining', String(limit.remaining));
    if (!limit.isAllowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', {
        params: { retryAfterSeconds: limit.retryAfterSeconds },
      });
    }
    c.set('apiKeyUser', found.user);
    await next();
  });
}
