import { AuthCard } from '../../features/auth/components/auth-card';
import { AuthCallbackStatus } from '../../features/auth/components/auth-callback-status';
import { useAuthCallback } from '../../features/auth/hooks/use-auth-callback';

/** /auth/callback (SPEC.md section 2): checks the session, then /dashboard after a second. */
export function Component() {
  const check = useAuthCallback();
  return (
    <AuthCard title="Signing you in">
      <AuthCallbackStatus check={check} />
    </AuthCard>
  );
}
