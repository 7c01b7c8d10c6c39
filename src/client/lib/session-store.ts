import { authClient } from './auth-client';

type SessionAtomValue = { data: { user?: unknown } | null; error: unknown; isPending: boolean };

/**
 * Resolves once the session store that `useAuth` follows reports `state`, or after `timeoutMs`.
 * better-auth refreshes the store a moment after sign-in and sign-out calls return; a page that
 * navigates before then would still see the old state (a just signed-out user on /sign-in
 * would be sent back to /dashboard).
 */
export function waitForSessionState(
  state: 'signed-in' | 'signed-out',
  timeoutMs = 5000,
): Promise<void> {
  const atom = authClient.$store.atoms.session;
  const isReached = (value: SessionAtomValue) =>
    !value.isPending && (!value.error && Boolean(value.data?.user)) === (state === 'signed-in');
  if (!atom || isReached(atom.get() as SessionAtomValue)) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = atom.listen((value: SessionAtomValue) => {
      if (isReached(value)) finish();
    });
    const timer = setTimeout(finish, timeoutMs);
    function finish() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
