import { Link, Navigate, useSearchParams } from 'react-router';
import { PLAN } from '../../../shared/site';
import { AuthCard, textLinkClass } from '../../features/auth/components/auth-card';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useIsSignedInAndSettled } from '../../features/auth/hooks/use-signed-in-redirect';
import { safeRedirect, withRedirect } from '../../lib/safe-redirect';

/**
 * /sign-up: a new account is signed in and lands on /dashboard, or back on the page that sent
 * the visitor here (`?redirect=`, as the trial dialog does for the converter).
 */
export function Component() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const isSignedIn = useIsSignedInAndSettled();
  if (isSignedIn) return <Navigate to={safeRedirect(redirect)} replace />;
  return (
    <AuthCard
      title="Create your account"
      description={`Get ${PLAN.signUpCredits} credits free, a dashboard with your usage, and your results stored to download again.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to={withRedirect('/sign-in', redirect)} className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm redirect={redirect} />
    </AuthCard>
  );
}
