import { createAuthClient } from 'better-auth/react';
import { isErrorCode, type ApiErrorBody } from '../../shared/errors';

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

type AuthErrorLike = { message?: string; status?: number; error?: unknown } | null | undefined;

/**
 * The sentence to show for a failed auth call: our own errors (rate limit, validation) carry
 * `{ error: { code, message } }`, better-auth's carry `{ code, message }`.
 */
export function authErrorMessage(error: AuthErrorLike, fallback: string): string {
  const ours = (error as ApiErrorBody | null | undefined)?.error;
  if (ours && isErrorCode(ours.code) && typeof ours.message === 'string') return ours.message;
  if (error?.status === 0 || error?.message === 'Failed to fetch')
    return "We couldn't reach Rowsmith. Check your connection and try again.";
  return typeof error?.message === 'string' && error.message ? error.message : fallback;
}
