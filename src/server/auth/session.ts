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

export type SignedInBindings = {
  Variables: AppBindings['Variables'] & { user: SessionUser };
};

/** Refuses a request without a valid session (401) and puts the user on the context. */
export function requireUser(auth: Auth) {
  return createMiddleware<SignedInBindings>(async (c, next) => {
    const user = await getSessionUser(auth, c.req.raw.headers);
    if (!user) throw new AppError('UNAUTHENTICATED');
    c.set('user', user);
    await next();
  });
}
