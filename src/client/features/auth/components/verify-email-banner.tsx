import { MailWarning } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useSendVerificationEmail } from '../api/send-verification-email';

/**
 * An account whose address is not confirmed yet: its sign-up credits wait for the mailed link,
 * which this banner says, with a way to have the link sent again.
 */
export function VerifyEmailBanner({ email, credits }: { email: string; credits: number }) {
  const resend = useSendVerificationEmail();
  return (
    <Alert variant="warning" role="region" aria-label="Confirm your email" className="mb-6">
      <MailWarning aria-hidden="true" />
      <div className="grid flex-1 gap-2">
        <p className="font-medium">Confirm your email address to get your {credits} free credits</p>
        <p>
          We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your
          address; until then you cannot run extractions.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email })}
          >
            {resend.isPending ? 'Sending...' : 'Send the link again'}
          </Button>
          <p role="status" className="text-sm">
            {resend.isSuccess ? 'We sent the link again. Check your inbox.' : null}
            {resend.isError ? resend.error.message : null}
          </p>
        </div>
      </div>
    </Alert>
  );
}
