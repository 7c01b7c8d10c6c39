import { Link, useSearchParams } from 'react-router';
import { AuthCard, textLinkClass } from '../../features/auth/components/auth-card';
import { InvalidResetLink } from '../../features/auth/components/invalid-reset-link';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/**
 * /reset-password?token=…: where the mailed link lands (through better-auth, which sends
 * `?error=INVALID_TOKEN` instead for an unknown or expired token).
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const isInvalid = !token || params.get('error') !== null;
  return (
    <AuthCard
      title="Choose a new password"
      description={isInvalid ? undefined : 'Enter your new password twice.'}
      footer={
        <>
          Remembered it?{' '}
          <Link to="/sign-in" className={textLinkClass}>
            Back to sign in
          </Link>
        </>
      }
    >
      {isInvalid ? <InvalidResetLink /> : <ResetPasswordForm token={token} />}
    </AuthCard>
  );
}
