import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { fieldErrorsOf, forgotPasswordSchema } from '../auth-schemas';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useFormFields } from '../hooks/use-form-fields';
import { SubmitButton } from './submit-button';
import { TextField } from './text-field';

/** Said whether or not the account exists, so the page does not reveal who has one. */
export const RESET_LINK_SENT =
  "If an account exists for that email, we've sent a link to reset your password.";

export function ForgotPasswordForm() {
  const form = useFormFields({
    initial: { email: '' },
    validate: (values) => fieldErrorsOf(forgotPasswordSchema, values),
  });
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.validateAll()) return;
    const { email } = forgotPasswordSchema.parse(form.values);
    request.mutate(
      { email },
      {
        onSuccess: () => {
          toast.dismiss(TOAST_FLOWS.accountAccess);
          setSentTo(email);
        },
        onError: (error) =>
          toast.error('Error', { id: TOAST_FLOWS.accountAccess, description: error.message }),
      },
    );
  };

  if (sentTo)
    return (
      <div className="grid gap-4">
        <Alert role="status">
          <MailCheck aria-hidden="true" />
          <div className="grid gap-1">
            <p className="font-medium">{RESET_LINK_SENT}</p>
            <p className="text-muted-foreground">
              The link works for one hour. Check your spam folder if it does not arrive.
            </p>
          </div>
        </Alert>
        <Button variant="outline" onClick={() => setSentTo(null)}>
          Use a different email
        </Button>
      </div>
    );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Reset your password">
      <TextField
        {...form.fieldProps('email')}
        label="Email"
        type="email"
        autoComplete="email"
        required
      />
      <SubmitButton isBusy={request.isPending} busyLabel="Sending...">
        Send reset link
      </SubmitButton>
    </form>
  );
}
