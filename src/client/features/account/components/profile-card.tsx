import { useId, useState, type FormEvent } from 'react';
import { updateProfileSchema } from '../../../../shared/account';
import { PLAN } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { useProfile } from '../api/get-profile';
import { useUpdateName } from '../api/update-name';
import { QueryError } from './query-error';
import { LoadingLines } from './skeleton';

/** SPEC.md section 2: the email (read-only), the full name (which may be changed) and the plan. */
export function ProfileCard() {
  const headingId = useId();
  const profile = useProfile();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Profile
        </h2>
        <p className="text-sm text-muted-foreground">The details of your account.</p>
      </CardHeader>
      <CardContent>
        {profile.isPending ? <LoadingLines label="Loading your profile" lines={3} /> : null}
        {profile.isError ? (
          <QueryError
            what="your profile"
            error={profile.error}
            onRetry={() => void profile.refetch()}
            isRetrying={profile.isFetching}
          />
        ) : null}
        {profile.data ? (
          <div className="grid gap-5">
            <EmailField email={profile.data.email} />
            <NameForm fullName={profile.data.full_name} />
            <div className="grid gap-1">
              <p className="text-sm font-medium">Plan</p>
              <p className="text-sm">
                <span className="inline-flex rounded-full bg-accent px-2.5 py-0.5 font-medium text-accent-foreground">
                  {PLAN.name} plan
                </span>
              </p>
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function EmailField({ email }: { email: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-email`}>Email</Label>
      <Input
        id={`${id}-email`}
        type="email"
        value={email}
        readOnly
        aria-describedby={`${id}-email-hint`}
        className="bg-muted/50"
      />
      <p id={`${id}-email-hint`} className="text-xs text-muted-foreground">
        Your email is how you sign in; it cannot be changed here.
      </p>
    </div>
  );
}

/** The full name, saved with its own button; what is wrong shows under the field. */
function NameForm({ fullName }: { fullName: string }) {
  const id = useId();
  const [name, setName] = useState(fullName);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  const update = useUpdateName();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSaved(false);
    const parsed = updateProfileSchema.safeParse({ name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter your full name');
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setProblem(null);
    update.mutate(parsed.data.name, {
      onSuccess: () => setIsSaved(true),
      onError: (error) => setProblem(error.message),
    });
  };

  const messageId = `${id}-name-message`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-2" aria-label="Your name">
      <Label htmlFor={`${id}-name`}>Full name</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setIsSaved(false);
          }}
          autoComplete="name"
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={messageId}
          className="min-w-0 flex-1 basis-56"
        />
        <Button
          type="submit"
          variant="outline"
          disabled={update.isPending || name.trim() === fullName}
          aria-busy={update.isPending}
        >
          {update.isPending ? <Spinner className="size-4" /> : null}
          {update.isPending ? 'Saving...' : 'Save name'}
        </Button>
      </div>
      <p id={messageId} role="status" className="text-sm">
        {problem ? <span className="font-medium text-destructive">{problem}</span> : null}
        {isSaved && !problem ? 'Your name has been saved.' : null}
      </p>
    </form>
  );
}
