import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../shared/errors';
import type { AppBindings } from '../http/types';
import type { Auth } from './create-auth';

/** Who is signed in, as the rest of the server sees it. */
export type SessionUser = { id: string; email: string; name: string };

/** The signed-in user of a request, or null. Expired or revoked sessions count as none. */
export async function getSessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { id, email, name } = session.user;
  return { id, email, name };
}

/**
 * Who a request acts for: the owner of its API key (checked by apiKeyAuth), else the user of its
 * session cookie, else null.
 */
export async function requestUser<B extends AppBindings>(
  c: Context<B>,
  auth: Auth,
): Promise<SessionUser | null> {
  return c.get('apiKeyUser') ?? getSessionUser(auth, c.req.raw.headers);
}

export type SignedInBindings = {
  Variables: AppBindings['Variables'] & { user: SessionUser };
};

/** Refuses a request without a valid session or API key (401); puts the user on the context. */
export function requireUser(auth: Auth) {
  return createMiddleware<SignedInBindings>(async (c, next) => {
    const user = await requestUser(c, auth);
    if (!user) throw new AppError('UNAUTHENTICATED');
    c.set('user', user);
    await next();
  });
}

/**
 * Like requireUser, but only a browser session will do: what a leaked key must not be able to
 * reach (keys, webhook secrets, deleting the account) answers 403 SESSION_REQUIRED to a key.
 */
export function requireSessionUser(auth: Auth) {
  return createMiddleware<SignedInBindings>(async (c, next) => {
    if (c.get('apiKeyUser')) throw new AppError('SESSION_REQUIRED');
    const user = await getSessionUser(auth, c.req.raw.headers);
    if (!user) throw new AppError('UNAUTHENTICATED');
    c.set('user', user);
    await next();
  });
}
