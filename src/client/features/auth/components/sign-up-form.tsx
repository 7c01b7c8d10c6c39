import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH, signUpSchema } from '../../../../shared/account';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { handOffDrafts } from '../../../lib/draft-storage';
import { clearTrialRunsUsed } from '../../../lib/trial-storage';
import { AuthFormError } from '../auth-form-error';
import { fieldErrorsOf } from '../auth-schemas';
import { useSignUp } from '../api/sign-up';
import { useFormFields } from '../hooks/use-form-fields';
import { CheckYourEmail } from './check-your-email';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

const schema = signUpSchema();

/**
 * Full name, email and password (SPEC.md section 5). A new account is signed in at once and the
 * page follows the session store to /dashboard. When the server asks for the address to be
 * confirmed first, the form gives way to "Check your email"; without a session otherwise, it
 * goes to /sign-in (an email that already has an account gets the same answer).
 */
export function SignUpForm({ redirect = null }: { redirect?: string | null }) {
  const navigate = useNavigate();
  const errorId = useId();
  const form = useFormFields({
    initial: { name: '', email: '', password: '' },
    validate: (values) => fieldErrorsOf(schema, values),
  });
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const input = schema.parse(form.values);
    signUp.mutate(
      { ...input, redirect },
      {
        onSuccess: ({ isSignedIn, isVerificationRequired }) => {
          clearTrialRunsUsed();
          if (isSignedIn) {
            toast.success('Account created', {
              id: TOAST_FLOWS.accountAccess,
              description: 'Your free credits are ready to use.',
            });
            return;
          }
          toast.dismiss(TOAST_FLOWS.accountAccess);
          if (isVerificationRequired) {
            // The link may open in another tab: it finds this tab's drafts there.
            handOffDrafts();
            setSentTo(input.email);
            return;
          }
          toast.success('Please sign in', {
            id: TOAST_FLOWS.accountAccess,
            description: 'Sign in with your email and password to continue.',
          });
          void navigate('/sign-in');
        },
        onError: (error) => {
          if (error instanceof AuthFormError) form.showErrors(error.fieldErrors);
          toast.error('Sign-up failed', {
            id: TOAST_FLOWS.accountAccess,
            description: error.message,
          });
        },
      },
    );
  };

  if (sentTo) return <CheckYourEmail email={sentTo} onChangeEmail={() => setSentTo(null)} />;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Sign up"
      aria-describedby={signUp.error ? errorId : undefined}
    >
      <TextField {...form.fieldProps('name')} label="Full name" autoComplete="name" required />
      <TextField
        {...form.fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
      />
      <TextField
        {...form.fieldProps('password')}
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        required
      />
      <SubmitButton isBusy={signUp.isPending} busyLabel="Creating account...">
        Create account
      </SubmitButton>
      <FormError id={errorId} message={signUp.error?.message ?? null} />
    </form>
  );
}
