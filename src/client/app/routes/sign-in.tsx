import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthCard, textLinkClass } from '../../features/auth/components/auth-card';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { useIsSignedInAndSettled } from '../../features/auth/hooks/use-signed-in-redirect';
import { safeRedirect, withRedirect } from '../../lib/safe-redirect';

/** /sign-in: back to the page asked for (`?redirect=`), else /dashboard, once signed in. */
export function Component() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const isSignedIn = useIsSignedInAndSettled();
  if (isSignedIn) return <Navigate to={safeRedirect(redirect)} replace />;
  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to see your credits, your extractions and stored results."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={withRedirect('/sign-up', redirect)} className={textLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
