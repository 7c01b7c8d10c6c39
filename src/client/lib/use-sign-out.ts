import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from './auth-client';
import { clearAllDrafts } from './draft-storage';
import { waitForSessionState } from './session';
import { TOAST_FLOWS, toast } from './toast';

/**
 * Signs out, forgets every cached account query and form draft, and goes to /sign-in (SPEC.md
 * section 4).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    const { error } = await authClient.signOut();
    if (error) {
      console.warn('Sign-out failed', error);
      toast.error('Error', {
        id: TOAST_FLOWS.signOut,
        description: 'We could not sign you out. Please try again.',
      });
      return;
    }
    // Until the session store has caught up, /sign-in would send a "signed-in" visitor back to
    // /dashboard; and the account queries go only once no signed-in page would refetch them.
    toast.dismiss(TOAST_FLOWS.signOut);
    // What this person left in the converter is not for whoever uses this browser next.
    clearAllDrafts();
    await waitForSessionState('signed-out');
    queryClient.removeQueries({ queryKey: ['account'] });
    await navigate('/sign-in');
  };
}
