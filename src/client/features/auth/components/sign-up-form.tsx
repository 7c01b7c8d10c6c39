import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { signUpSchema } from '../../../../shared/account';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { clearTrialRunsUsed } from '../../../lib/trial-storage';
import { AuthFormError } from '../auth-form-error';
import { fieldErrorsOf } from '../auth-schemas';
import { useSignUp } from '../api/sign-up';
import { useFormFields } from '../hooks/use-form-fields';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

const schema = signUpSchema();

/**
 * Full name, email and password (SPEC.md section 5). A new account is signed in at once and the
 * page follows the session store to /dashboard; without a session it goes to /sign-in.
 */
export function SignUpForm() {
  const navigate = useNavigate();
  const form = useFormFields({
    initial: { name: '', email: '', password: '' },
    validate: (values) => fieldErrorsOf(schema, values),
  });
  const signUp = useSignUp();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    signUp.mutate(schema.parse(form.values), {
      onSuccess: ({ isSignedIn }) => {
        clearTrialRunsUsed();
        if (isSignedIn) {
          toast.success('Account created', {
            id: TOAST_FLOWS.accountAccess,
            description: 'Your free credits are ready to use.',
          });
          return;
        }
        toast.success('Account created', {
          id: TOAST_FLOWS.accountAccess,
          description: 'Please sign in to continue.',
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
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Sign up">
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
        required
      />
      <SubmitButton isBusy={signUp.isPending} busyLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}
