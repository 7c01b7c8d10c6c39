import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import type { TrialStatus } from '../../../../shared/account';
import { PLAN } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';

/** For anonymous visitors: the free extractions left, and the way to more. */
export function TrialBanner({ status }: { status: TrialStatus }) {
  const { remaining, limit } = status;
  return (
    <div className="flex flex-col gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p role="status" className="flex min-w-0 items-start gap-2">
        <Gift className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span>
          {remaining > 0 ? (
            <>
              Free trial: <strong>{remaining}</strong> of {limit} free extraction
              {limit === 1 ? '' : 's'} left.
            </>
          ) : (
            <>You&apos;ve used all {limit} free extractions.</>
          )}{' '}
          Sign up for {PLAN.signUpCredits} free credits, a dashboard and stored results.
        </span>
      </p>
      <Button asChild size="sm" className="shrink-0">
        <Link to="/sign-up">Get {PLAN.signUpCredits} Credits Free</Link>
      </Button>
    </div>
  );
}
