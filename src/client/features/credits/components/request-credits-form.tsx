import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CREDIT_REQUEST_LIMITS } from '../../../../shared/credit-request-limits';
import type { CreditRequest } from '../../../../shared/credit-requests';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-client';
import { useCreditRequests } from '../api/get-credit-requests';
import { useRequestCredits } from '../api/request-credits';

type Field = 'credits' | 'message';
type Errors = Partial<Record<Field, string>>;

const { minCredits, maxCredits, message: MESSAGE_MAX } = CREDIT_REQUEST_LIMITS;

function check(credits: string, message: string): Errors {
  const amount = Number(credits);
  const errors: Errors = {};
  if (!credits.trim()) errors.credits = 'Please enter how many credits you need.';
  else if (!Number.isInteger(amount) || amount < minCredits || amount > maxCredits)
    errors.credits = `Please enter a whole number from ${minCredits} to ${maxCredits}.`;
  if (!message.trim()) errors.message = 'Please say what the credits are for.';
  return errors;
}

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Asks an operator for more credits (issue 20 point 6): how many and what for. A request waiting
 * for an answer is shown instead of the form; one just sent is confirmed in a status message.
 */
export function RequestCreditsForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const id = useId();
  const requests = useCreditRequests({ enabled: true });
  const send = useRequestCredits();
  const [credits, setCredits] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  if (send.data) return <Sent request={send.data} />;
  if (requests.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading your requests…
      </p>
    );
  const open = requests.data?.find((request) => request.status === 'open');
  if (open) return <Waiting request={open} />;
  const latest = requests.data?.[0];
  const answered = latest?.status === 'granted' ? latest : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check(credits, message);
    setErrors(found);
    const first = (['credits', 'message'] as const).find((field) => found[field]);
    if (first) return document.getElementById(`${id}-${first}`)?.focus();
    send.mutate(
      { credits: Number(credits), message: message.trim() },
      {
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fieldErrors());
        },
      },
    );
  };
  const describe = (field: Field, help?: string) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [help, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
      undefined,
  });

  const form = (
    <form noValidate onSubmit={onSubmit} aria-label="Request credits" className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-credits`}>How many credits do you need?</Label>
        <Input
          {...describe('credits')}
          type="number"
          inputMode="numeric"
          min={minCredits}
          max={maxCredits}
          step={1}
          className="max-w-40"
          value={credits}
          autoFocus={autoFocus}
          onChange={(event) => setCredits(event.target.value)}
        />
        <FieldError id={`${id}-credits-error`} message={errors.credits} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>What are they for?</Label>
        <Textarea
          {...describe('message', `${id}-message-help`)}
          rows={3}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <p id={`${id}-message-help`} className="text-xs text-muted-foreground">
          A line about your documents is enough. We read every request and answer by adding credits
          to your account.
        </p>
        <FieldError id={`${id}-message-error`} message={errors.message} />
      </div>
      {send.isError &&
      !(send.error instanceof ApiError && send.error.code === 'VALIDATION_FAILED') ? (
        <p role="alert" className="text-sm text-destructive">
          {send.error.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
          {send.isPending ? 'Sending...' : 'Send request'}
        </Button>
      </div>
    </form>
  );
  if (!answered) return form;
  return (
    <div className="grid gap-4">
      <Answered request={answered} />
      {form}
    </div>
  );
}

/** The answer to the last request: what was granted, and whether it was less than asked. */
function Answered({ request }: { request: CreditRequest }) {
  const granted = request.granted_credits;
  const on = request.granted_at ? ` on ${formatDate(request.granted_at)}` : '';
  return (
    <p className="rounded-md border bg-muted/50 p-3 text-sm">
      {granted !== null && granted < request.credits
        ? `Your request for ${request.credits} credits of ${formatDate(request.created_at)} was answered${on} with ${granted} ${granted === 1 ? 'credit' : 'credits'}, fewer than you asked for. You can ask for more below.`
        : `Your request for ${request.credits} credits of ${formatDate(request.created_at)} was granted${on}: the credits are in your account.`}
    </p>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

function Sent({ request }: { request: CreditRequest }) {
  return (
    <p role="status" className="rounded-md border bg-muted/50 p-3 text-sm">
      We have your request for {request.credits} credits. We answer every request by adding the
      credits to your account; they will show on your dashboard.
    </p>
  );
}

function Waiting({ request }: { request: CreditRequest }) {
  return (
    <p className="rounded-md border bg-muted/50 p-3 text-sm">
      Your request for {request.credits} credits of {formatDate(request.created_at)} is waiting for
      an answer. The credits will show on your dashboard once they are added.
    </p>
  );
}
