import { Link, Navigate } from 'react-router';
import { PLAN } from '../../../shared/site';
import { AuthCard, textLinkClass } from '../../features/auth/components/auth-card';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useIsSignedInAndSettled } from '../../features/auth/hooks/use-signed-in-redirect';

/** /sign-up: a new account is signed in and lands on /dashboard. */
export function Component() {
  const isSignedIn = useIsSignedInAndSettled();
  if (isSignedIn) return <Navigate to="/dashboard" replace />;
  return (
    <AuthCard
      title="Create your account"
      description={`Get ${PLAN.signUpCredits} credits free, a dashboard with your usage, and your results stored to download again.`}
      footer={
        <>
          Already have an account?{' '}
          <Link to="/sign-in" className={textLinkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
