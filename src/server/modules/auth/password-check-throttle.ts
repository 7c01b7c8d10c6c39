import { createMiddleware } from 'hono/factory';
import { AppError } from '../../../shared/errors';
import { getSessionUser } from '../../auth/session';
import type { AppBindings, AppDeps } from '../../http/types';
import { forgetRateLimitHit, hitRateLimit } from '../../rate-limit/hit-rate-limit';

type ThrottleDeps = Pick<AppDeps, 'db' | 'env' | 'auth'>;

/**
 * Wrong passwords typed by a signed-in session (verify-password, change-password's current
 * password) per account, as failed sign-ins are (AUTH_ACCOUNT_RATE_LIMIT per
 * AUTH_ACCOUNT_RATE_WINDOW_SECONDS, 429 AUTH_RATE_LIMITED with Retry-After), from any number of
 * addresses: a stolen session cannot guess the password that would take the account over. A right
 * password gives its try back. Only the session's holder can spend the account's tries, so there
 * are no strangers to count apart as sign-in does (decision 019).
 */
export function passwordCheckThrottle({ db, env, auth }: ThrottleDeps) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const user = await getSessionUser(auth, c.req.raw.headers);
    // Without a session better-auth answers 401 before it looks at the password.
    if (!user) return next();
    const result = await hitRateLimit({
      db,
      bucket: 'auth-password-check',
      subject: user.id,
      limit: env.AUTH_ACCOUNT_RATE_LIMIT,
      windowSeconds: env.AUTH_ACCOUNT_RATE_WINDOW_SECONDS,
    });
    if (!result.isAllowed) {
      c.header('Retry-After', String(result.retryAfterSeconds));
      c.get('logger').warn({ bucket: 'auth-password-check' }, 'password checks paused');
      const params = { retryAfterSeconds: result.retryAfterSeconds };
      throw new AppError('AUTH_RATE_LIMITED', { params });
    }
    await next();
    if (c.res.ok && result.hitId) await forgetRateLimitHit({ db, hitId: result.hitId });
  });
}
