import { Gem } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PLAN } from '../../../../shared/site';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { useCredits } from '../api/get-credits';
import { useProfile } from '../api/get-profile';
import { QueryError } from './query-error';
import { LoadingLines } from './skeleton';

/** SPEC.md section 2: the plan, credits remaining of total, and a bar. */
export function SubscriptionCard() {
  const headingId = useId();
  const profile = useProfile();
  const credits = useCredits();
  const plan = profile.data?.plan ?? PLAN.name;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            Subscription
          </h2>
          <p className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{plan}</span> plan
          </p>
        </div>
        <Gem aria-hidden="true" className="size-5 shrink-0 text-primary" />
      </CardHeader>
      <CardContent>
        {credits.isPending ? <LoadingLines label="Loading your credits" lines={2} /> : null}
        {credits.isError ? (
          <QueryError
            what="your credits"
            error={credits.error}
            onRetry={() => void credits.refetch()}
            isRetrying={credits.isFetching}
          />
        ) : null}
        {credits.data ? (
          <CreditsMeter
            remaining={credits.data.credits_remaining}
            total={credits.data.credits_total}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function CreditsMeter({ remaining, total }: { remaining: number; total: number }) {
  const summary = `${remaining} of ${total} credits remaining`;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="text-3xl font-bold tracking-tight">{remaining}</span>
        <span className="text-muted-foreground"> of {total} credits remaining</span>
      </p>
      <Progress
        value={remaining}
        max={Math.max(total, 1)}
        aria-label="Credits remaining"
        aria-valuetext={summary}
      />
      <p className="text-xs text-muted-foreground">
        One credit per document extracted successfully (a batch of three documents, three credits).
        Failed or partial documents cost nothing.
      </p>
      {remaining === 0 ? <MoreCredits /> : null}
    </div>
  );
}

const LINK_CLASS =
  'rounded-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** At 0 credits: how to get more (the pricing page explains credits and takes a request). */
function MoreCredits() {
  return (
    <div className="grid gap-1 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <p className="font-medium">You have used all your credits.</p>
      <p>
        To get more, see{' '}
        <Link to="/pricing" className={LINK_CLASS}>
          how credits work
        </Link>{' '}
        or{' '}
        <Link to="/pricing#request-credits" className={LINK_CLASS}>
          request more credits
        </Link>
        . Your stored results stay available below.
      </p>
    </div>
  );
}
