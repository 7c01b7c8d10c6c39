import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { AuthFormError } from '../auth-form-error';
import { fieldErrorsOf, signInSchema } from '../auth-schemas';
import { useSignIn } from '../api/sign-in';
import { useFormFields } from '../hooks/use-form-fields';
import { textLinkClass } from './auth-card';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/**
 * Email and password. On success it says 'Welcome back'; the page then follows the session store
 * to where the visitor was going. On failure the values stay for another try, and the reason
 * shows under the form as well as in the toast.
 */
export function SignInForm() {
  const errorId = useId();
  const form = useFormFields({
    initial: { email: '', password: '' },
    validate: (values) => fieldErrorsOf(signInSchema, values),
  });
  const signIn = useSignIn();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    signIn.mutate(signInSchema.parse(form.values), {
      onSuccess: () =>
        toast.success('Welcome back', {
          id: TOAST_FLOWS.accountAccess,
          description: 'You are signed in.',
        }),
      onError: (error) => {
        if (error instanceof AuthFormError) form.showErrors(error.fieldErrors);
        toast.error('Sign-in failed', {
          id: TOAST_FLOWS.accountAccess,
          description: error.message,
        });
      },
    });
  };

  const failure = signIn.error;
  const isPaused = failure instanceof AuthFormError && failure.code === 'SIGN_IN_PAUSED';
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Sign in"
      aria-describedby={failure ? errorId : undefined}
    >
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
        autoComplete="current-password"
        required
        after={
          <Link to="/forgot-password" className={`${textLinkClass} justify-self-end text-sm`}>
            Forgot password?
          </Link>
        }
      />
      <SubmitButton isBusy={signIn.isPending} busyLabel="Signing in...">
        Sign in
      </SubmitButton>
      <FormError id={errorId} message={failure?.message ?? null}>
        {isPaused ? (
          <Link to="/forgot-password" className={`${textLinkClass} justify-self-start`}>
            Reset your password
          </Link>
        ) : null}
      </FormError>
    </form>
  );
}
