import { MailCheck } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSendVerificationEmail } from '../api/send-verification-email';

/**
 * After sign-up, when the address must be confirmed: where the link went, what it does, and a
 * way to have it sent again. (Said the same whether or not the address already had an account.)
 */
export function CheckYourEmail({
  email,
  onChangeEmail,
}: {
  email: string;
  onChangeEmail: () => void;
}) {
  const resend = useSendVerificationEmail();
  return (
    <div className="grid gap-4">
      <Alert role="status">
        <MailCheck aria-hidden="true" className="text-primary" />
        <div className="grid gap-1">
          <p className="font-medium">Check your email</p>
          <p>
            We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm
            your address: it signs you in and your free credits are ready.
          </p>
          <p className="text-muted-foreground">
            The link works for 24 hours. Check your spam folder if it does not arrive. If this
            address already has an account, we let its owner know instead.
          </p>
        </div>
      </Alert>
      <div role="status" className="text-sm">
        {resend.isSuccess ? 'We sent the link again.' : null}
        {resend.isError ? resend.error.message : null}
      </div>
      <Button
        variant="outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
      <Button variant="ghost" onClick={onChangeEmail}>
        Use a different email
      </Button>
    </div>
  );
}
