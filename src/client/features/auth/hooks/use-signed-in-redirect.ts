import { useIsMutating } from '@tanstack/react-query';
import { useAuth } from '../../../lib/session';
import { AUTH_MUTATION_KEY } from '../api/auth-mutation-key';

/**
 * Whether the sign-in or sign-up page should send the visitor on: they are signed in, and not
 * because a form of this page is still finishing (its success toast and checks come first).
 */
export function useIsSignedInAndSettled(): boolean {
  const auth = useAuth();
  const pending = useIsMutating({ mutationKey: AUTH_MUTATION_KEY });
  return auth.status === 'signed-in' && pending === 0;
}
