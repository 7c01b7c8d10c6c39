import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { Database } from '../db/schema';
import { hitRateLimit } from '../rate-limit/hit-rate-limit';
import { addressBucket, getClientAddress } from './client-address';
import type { AppBindings } from './types';

export type RateLimitOptions = {
  db: Kysely<Database>;
  bucket: string;
  limit: number;
  windowSeconds: number;
  trustProxy: boolean;
  code?: ErrorCode;
};

/** Refuses a client that has used up its allowance for this bucket, with Retry-After. */
export function rateLimit(options: RateLimitOptions) {
  const { code = 'RATE_LIMITED', ...limits } = options;
  return createMiddleware<AppBindings>(async (c, next) => {
    const subject = addressBucket(getClientAddress(c, options.trustProxy));
    const result = await hitRateLimit({ ...limits, subject });
    c.header('RateLimit-Limit', String(options.limit));
    c.header('RateLimit-Remaining', String(result.remaining));
    if (!result.isAllowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      c.get('logger').warn({ bucket: options.bucket }, 'rate limit reached');
      throw new AppError(code, { params: { retryAfterSeconds: result.retryAfterSeconds } });
    }
    await next();
  });
}
