import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { AppError, type ErrorCode } from '../../shared/errors';
import type { Database } from '../db/schema';
import { hitRateLimit, type RateLimitResult } from '../rate-limit/hit-rate-limit';
import { addressBucket, getClientAddress } from './client-address';
import type { TrustProxy } from './trust-proxy';
import type { AppBindings } from './types';

export type RateLimitOptions = {
  db: Kysely<Database>;
  bucket: string;
  limit: number;
  windowSeconds: number;
  trustProxy: TrustProxy;
  code?: ErrorCode;
};

type Limits = Omit<RateLimitOptions, 'trustProxy'>;

/** Counts one try for `subject`; a refused try gets Retry-After and is logged. */
async function countTry(c: Context<AppBindings>, options: Limits, subject: string) {
  const { code: _code, ...limits } = options;
  const result = await hitRateLimit({ ...limits, subject });
  if (!result.isAllowed) {
    c.header('Retry-After', String(result.retryAfterSeconds));
    c.get('logger').warn({ bucket: options.bucket }, 'rate limit reached');
  }
  return result;
}

function refusal({ code = 'RATE_LIMITED' }: Limits, { retryAfterSeconds }: RateLimitResult) {
  return new AppError(code, { params: { retryAfterSeconds } });
}

/** Refuses a client address that has used up its allowance for this bucket, with Retry-After. */
export function rateLimit(options: RateLimitOptions) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const subject = addressBucket(getClientAddress(c, options.trustProxy));
    const result = await countTry(c, options, subject);
    c.header('RateLimit-Limit', String(options.limit));
    c.header('RateLimit-Remaining', String(result.remaining));
    if (!result.isAllowed) throw refusal(options, result);
    await next();
  });
}
