import { authClient } from '../../../lib/auth-client';

export type SessionCheck = 'signed-in' | 'no-session' | 'no-user' | 'failed';

/** SPEC.md section 2's /auth/callback check: an active session, and a user in it. */
export async function checkSession(): Promise<SessionCheck> {
  try {
    const { data, error } = await authClient.getSession();
    if (error) return 'failed';
    if (!data) return 'no-session';
    return data.user ? 'signed-in' : 'no-user';
  } catch {
    return 'failed';
  }
}
