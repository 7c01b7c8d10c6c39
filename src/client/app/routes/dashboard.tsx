import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useJobs } from '../../features/account/api/list-jobs';
import { AccountPageHeader } from '../../features/account/components/account-page-header';
import { ExtractionsTotalCard } from '../../features/account/components/extractions-total-card';
import {
  RECENT_FETCHED,
  RecentExtractions,
} from '../../features/account/components/recent-extractions';
import { SubscriptionCard } from '../../features/account/components/subscription-card';
import { useAuth } from '../../lib/session';

/**
 * /dashboard (SPEC.md section 2): plan and credits, the number of runs, the latest three; a new
 * user is welcomed, one who has run something since signing up is welcomed back (the free
 * trial's runs, which move into the account at sign-up, do not count).
 */
export function Component() {
  const auth = useAuth();
  const jobs = useJobs(RECENT_FETCHED, 0);
  const name = auth.user?.name.trim();
  const createdAt = auth.user?.createdAt ? Date.parse(auth.user.createdAt) : null;
  const isReturning =
    createdAt === null
      ? (jobs.data?.total ?? 0) > 0
      : (jobs.data?.jobs ?? []).some((job) => Date.parse(job.created_at) >= createdAt);
  const greeting = isReturning ? 'Welcome back' : 'Welcome';
  return (
    <>
      <AccountPageHeader
        title="Dashboard"
        description={
          jobs.data ? `${greeting}${name ? `, ${name}` : ''}.` : 'Your credits and extractions.'
        }
        actions={
          <Button asChild>
            <Link to="/extract">
              <Plus aria-hidden="true" />
              New Table
            </Link>
          </Button>
        }
      />
      {/* One shrinkable column on a phone: a long page address in a recent run wraps. */}
      <div className="grid grid-cols-1 gap-6">
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <SubscriptionCard />
          <ExtractionsTotalCard jobs={jobs} />
        </div>
        <RecentExtractions jobs={jobs} />
      </div>
    </>
  );
}
