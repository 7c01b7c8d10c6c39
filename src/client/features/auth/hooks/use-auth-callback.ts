import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { checkSession, type SessionCheck } from '../api/check-session';

/** SPEC.md section 9: the callback page waits 1 second before going to /dashboard. */
export const AUTH_CALLBACK_REDIRECT_MS = 1000;

/** Checks the session once; when it holds a user, goes to /dashboard after a second. */
export function useAuthCallback(): SessionCheck | null {
  const navigate = useNavigate();
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
    const timer = setTimeout(
      () => void navigate('/dashboard', { replace: true }),
      AUTH_CALLBACK_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [check, navigate]);

  return check;
}
