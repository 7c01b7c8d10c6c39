import { createAuthClient } from 'better-auth/react';

/**
 * The browser side of better-auth (src/server/auth): sign-up, sign-in, sign-out, password reset,
 * and the session store every page follows. The session cookie is HttpOnly; nothing secret is
 * kept in the browser.
 */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export type SessionUser = { id: string; email: string; name: string };

/** SPEC.md section 4: loading while the session is fetched, then signed in or signed out. */
export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

/**
 * The session as the pages see it. It follows sign-in and sign-out in this tab (and others) at
 * once; a failed session fetch counts as signed out.
 */
export function useAuth(): AuthState {
  const session = authClient.useSession();
  if (session.isPending && !session.data) return { status: 'loading', user: null };
  const user = session.error ? null : session.data?.user;
  if (!user) return { status: 'signed-out', user: null };
  return { status: 'signed-in', user: { id: user.id, email: user.email, name: user.name } };
}
