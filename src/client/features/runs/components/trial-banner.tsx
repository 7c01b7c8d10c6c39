import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { PLAN } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import type { TrialView } from '../hooks/use-trial-allowance';

/**
 * For anonymous visitors: the free extractions left, and the way to more. When none are left
 * because others on the same network used the day's runs, it says so (issue 20 point 13).
 */
export function TrialBanner({ status }: { status: TrialView }) {
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
          ) : status.used_up_by === 'network' ? (
            <>Free extractions from your network are used up for today.</>
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
