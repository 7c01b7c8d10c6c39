import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { takeHandedOffDrafts } from '../../../lib/draft-storage';
import { safeRedirect } from '../../../lib/safe-redirect';
import { checkSession, type SessionCheck } from '../api/check-session';

/** SPEC.md section 9: the callback page waits 1 second before going to /dashboard. */
export const AUTH_CALLBACK_REDIRECT_MS = 1000;

/**
 * Checks the session once; when it holds a user, goes to /dashboard after a second, or back to
 * the page the sign-up came from (`?redirect=`), with the drafts that tab handed over.
 */
export function useAuthCallback(): SessionCheck | null {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const [check, setCheck] = useState<SessionCheck | null>(null);

  useEffect(() => {
    let isCurrent = true;
    void checkSession().then((result) => {
      if (isCurrent) setCheck(result);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    if (check !== 'signed-in') return;
    const timer = setTimeout(() => {
      takeHandedOffDrafts();
      void navigate(target, { replace: true });
    }, AUTH_CALLBACK_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [check, navigate, target]);

  return check;
}
