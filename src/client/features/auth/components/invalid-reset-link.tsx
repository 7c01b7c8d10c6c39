import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** What /reset-password shows for a missing, used, invalid or expired token. */
export function InvalidResetLink() {
  return (
    <div className="grid gap-4">
      <Alert variant="warning" role="alert">
        <TriangleAlert aria-hidden="true" />
        <p>
          This password reset link is invalid or has expired. Links work once, for one hour. Ask for
          a new one below.
        </p>
      </Alert>
      <Button asChild>
        <Link to="/forgot-password">Request a new link</Link>
      </Button>
    </div>
  );
}
