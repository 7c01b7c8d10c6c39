import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { SessionCheck } from '../api/check-session';

/** SPEC.md section 2's messages for /auth/callback. */
const ERROR_MESSAGES: Record<Exclude<SessionCheck, 'signed-in'>, string> = {
  'no-session': 'No active session found. The link may have expired.',
  'no-user': 'User not found.',
  failed: 'An error occurred processing your authentication.',
};

/** 'Completing your sign in...' while checking and once signed in; else the reason and a way on. */
export function AuthCallbackStatus({ check }: { check: SessionCheck | null }) {
  if (check === null || check === 'signed-in')
    return (
      <div role="status" className="flex items-center gap-3">
        <Spinner className="text-primary" />
        <p>Completing your sign in...</p>
      </div>
    );
  return (
    <div className="grid gap-4">
      <Alert variant="error" role="alert">
        <TriangleAlert aria-hidden="true" />
        <p>{ERROR_MESSAGES[check]}</p>
      </Alert>
      <Button asChild>
        <Link to="/sign-in">Go to sign in</Link>
      </Button>
    </div>
  );
}
