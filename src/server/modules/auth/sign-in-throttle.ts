import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../../shared/errors';
import { addressBucket, getClientAddress } from '../../http/client-address';
import type { AppBindings, AppDeps } from '../../http/types';
import { forgetRateLimitHit, hitRateLimit } from '../../rate-limit/hit-rate-limit';
import { emailOf, isSecureApp } from './auth-request';
import { familiarClientOf, rememberFamiliarClient } from './familiar-clients';

type ThrottleDeps = Pick<AppDeps, 'db' | 'env' | 'secret'>;

/** The client's address bucket, as limits count it. */
export function addressOf(c: Context<AppBindings>, env: ThrottleDeps['env']): string {
  return addressBucket(getClientAddress(c, env.TRUST_PROXY));
}

/**
 * Failed sign-ins per account (AUTH_ACCOUNT_RATE_LIMIT per AUTH_ACCOUNT_RATE_WINDOW_SECONDS),
 * counted apart for strangers and for each familiar client (a browser or an address that signed
 * in to the account before): however often strangers fail, the owner's own devices and networks
 * keep their tries, and a stranger who is the owner gets in through the reset link. A try that
 * succeeds is given back and makes this client familiar. See
 * docs/decisions/019-sign-in-throttling-and-proxies.md.
 */
export function signInThrottle({ db, env, secret }: ThrottleDeps) {
  const isSecure = isSecureApp(env);
  return createMiddleware<AppBindings>(async (c, next) => {
    const email = await emailOf(c.req.raw);
    if (email === null) return next();
    const address = addressOf(c, env);
    const familiar = await familiarClientOf({ c, db, secret, email, address });
    const result = await hitRateLimit({
      db,
      bucket: familiar ? 'auth-account-familiar' : 'auth-account',
      subject: familiar ? `${email}\n${familiar}` : email,
      limit: env.AUTH_ACCOUNT_RATE_LIMIT,
      windowSeconds: env.AUTH_ACCOUNT_RATE_WINDOW_SECONDS,
    });
    if (!result.isAllowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      c.get('logger').warn(
        { bucket: 'auth-account', familiar: familiar !== null },
        'sign-in paused',
      );
      const params = { retryAfterSeconds: result.retryAfterSeconds };
      throw new AppError(familiar ? 'AUTH_RATE_LIMITED' : 'SIGN_IN_PAUSED', { params });
    }
    await next();
    if (!c.res.ok) return;
    if (result.hitId) await forgetRateLimitHit({ db, hitId: result.hitId });
    await rememberFamiliarClient({ c, db, secret, email, address, isSecure });
  });
}
