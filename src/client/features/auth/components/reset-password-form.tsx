import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { AuthFormError } from '../auth-form-error';
import { fieldErrorsOf, resetPasswordSchema } from '../auth-schemas';
import { useResetPassword } from '../api/reset-password';
import { revokedKeysSentence } from '../revoked-keys';
import { useFormFields } from '../hooks/use-form-fields';
import { InvalidResetLink } from './invalid-reset-link';
import { FormError } from './form-error';
import { RevokeKeysField } from './revoke-keys-field';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/** The new password, twice, for the token of the mailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useFormFields({
    initial: { password: '', confirmPassword: '' },
    validate: (values) => fieldErrorsOf(resetPasswordSchema, values),
  });
  const reset = useResetPassword();
  const errorId = useId();
  const [isTokenRefused, setIsTokenRefused] = useState(false);
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    reset.mutate(
      { token, newPassword: form.values.password, revokeApiKeys },
      {
        onSuccess: () => toast.dismiss(TOAST_FLOWS.accountAccess),
        onError: (error) => {
          if (error instanceof AuthFormError && error.code === 'AUTH_LINK_INVALID') {
            toast.dismiss(TOAST_FLOWS.accountAccess);
            setIsTokenRefused(true);
            return;
          }
          if (error instanceof AuthFormError)
            form.showErrors({ password: error.fieldErrors.newPassword });
          toast.error('Error', { id: TOAST_FLOWS.accountAccess, description: error.message });
        },
      },
    );
  };

  if (isTokenRefused) return <InvalidResetLink />;
  if (reset.isSuccess) return <PasswordChanged revokedApiKeys={reset.data.revokedApiKeys} />;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-5"
      aria-label="Choose a new password"
      aria-describedby={reset.error ? errorId : undefined}
    >
      <TextField
        {...form.fieldProps('password')}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        {...form.fieldProps('confirmPassword')}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <RevokeKeysField isChecked={revokeApiKeys} onChange={setRevokeApiKeys} />
      <SubmitButton isBusy={reset.isPending} busyLabel="Saving...">
        Set new password
      </SubmitButton>
      <FormError id={errorId} message={reset.error?.message ?? null} />
    </form>
  );
}

function PasswordChanged({ revokedApiKeys }: { revokedApiKeys: number }) {
  return (
    <div className="grid gap-4">
      <Alert role="status">
        <CircleCheck aria-hidden="true" className="text-primary" />
        <p>
          Your password has been changed. Sign in with your new password. For your safety, every
          device that was signed in to your account has been signed out.
          {revokedApiKeys > 0 ? ` ${revokedKeysSentence(revokedApiKeys)}` : null}
        </p>
      </Alert>
      <Button asChild>
        <Link to="/sign-in">Sign in</Link>
      </Button>
    </div>
  );
}
