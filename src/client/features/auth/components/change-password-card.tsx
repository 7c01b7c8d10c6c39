import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { AuthFormError } from '../auth-form-error';
import { changePasswordFormSchema, fieldErrorsOf } from '../auth-schemas';
import { useChangePassword } from '../api/change-password';
import { useFormFields } from '../hooks/use-form-fields';
import { revokedKeysSentence } from '../revoked-keys';
import { FormError } from './form-error';
import { RevokeKeysField } from './revoke-keys-field';
import { TextField } from './text-field';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Settings: a new password, given the current one. Every other device signed in to the account
 * is signed out (this one stays in), and the API keys go too when the user asks.
 */
export function ChangePasswordCard() {
  const headingId = useId();
  const errorId = useId();
  const [revokeApiKeys, setRevokeApiKeys] = useState(false);
  const [done, setDone] = useState<{ revokedApiKeys: number } | null>(null);
  const change = useChangePassword();
  const form = useFormFields({
    initial: EMPTY,
    validate: (values) => fieldErrorsOf(changePasswordFormSchema, values),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(null);
    if (!form.validateAll()) return;
    const { currentPassword, newPassword } = form.values;
    change.mutate(
      { currentPassword, newPassword, revokeApiKeys },
      {
        onSuccess: (result) => {
          setDone(result);
          setRevokeApiKeys(false);
          // The passwords typed are not kept on the page.
          form.reset();
        },
        onError: (error) => {
          if (error instanceof AuthFormError) form.showErrors(error.fieldErrors);
        },
      },
    );
  };

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Password
        </h2>
        <p className="text-sm text-muted-foreground">
          Changing it signs you out on every other device.
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div role="status">
          {done ? (
            <Alert>
              <CircleCheck aria-hidden="true" className="text-primary" />
              <p>
                Your password has been changed. Every other device signed in to your account has
                been signed out. {revokedKeysSentence(done.revokedApiKeys)}
              </p>
            </Alert>
          ) : null}
        </div>
        <form
          noValidate
          onSubmit={onSubmit}
          className="grid gap-5"
          aria-label="Change password"
          aria-describedby={change.error ? errorId : undefined}
        >
          <TextField
            {...form.fieldProps('currentPassword')}
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
          />
          <TextField
            {...form.fieldProps('newPassword')}
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
          <Button
            type="submit"
            className="justify-self-start"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? <Spinner className="size-4" /> : null}
            {change.isPending ? 'Changing...' : 'Change password'}
          </Button>
          <FormError id={errorId} message={change.error?.message ?? null} />
        </form>
      </CardContent>
    </Card>
  );
}
