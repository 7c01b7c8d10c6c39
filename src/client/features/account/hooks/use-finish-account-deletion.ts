import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authClient } from '../../../lib/auth-client';
import { clearAllDrafts } from '../../../lib/draft-storage';
import { queryKeys } from '../../../lib/query-keys';

/** SPEC.md section 9: the success dialog stays 2 seconds before the user is sent to /. */
export const DELETE_REDIRECT_MS = 2000;

/**
 * Once the account is deleted: after 2 seconds, go to / and sign out there. The server has
 * already cleared the cookies; signing out (whatever it answers) refreshes the session store, and
 * going first means the signed-in pages never see the signed-out state and redirect to /sign-in.
 */
export function useFinishAccountDeletion(isDeleted: boolean) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isDeleted) return;
    const timer = setTimeout(() => {
      void (async () => {
        await navigate('/', { replace: true });
        queryClient.removeQueries({ queryKey: queryKeys.account });
        clearAllDrafts();
        const { error } = await authClient.signOut();
        if (error) {
          console.warn('Sign-out after account deletion failed', error);
          authClient.$store.notify('$sessionSignal');
        }
      })();
    }, DELETE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isDeleted, navigate, queryClient]);
}
