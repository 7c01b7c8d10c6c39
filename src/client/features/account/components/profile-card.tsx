import { useId } from 'react';
import { PLAN } from '../../../../shared/site';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useProfile } from '../api/get-profile';
import { QueryError } from './query-error';
import { LoadingLines } from './skeleton';

/** SPEC.md section 2: the email (read-only), the full name and the plan. */
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
          <ProfileFields email={profile.data.email} fullName={profile.data.full_name} />
        ) : null}
      </CardContent>
    </Card>
  );
}

function ProfileFields({ email, fullName }: { email: string; fullName: string }) {
  const id = useId();
  return (
    <div className="grid gap-5">
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
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Full name</Label>
        <Input id={`${id}-name`} value={fullName} readOnly className="bg-muted/50" />
      </div>
      <div className="grid gap-1">
        <p className="text-sm font-medium">Plan</p>
        <p className="text-sm">
          <span className="inline-flex rounded-full bg-accent px-2.5 py-0.5 font-medium text-accent-foreground">
            {PLAN.name} plan
          </span>
        </p>
      </div>
    </div>
  );
}
