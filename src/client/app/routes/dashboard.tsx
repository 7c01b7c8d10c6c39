import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useUsage } from '../../features/account/api/get-usage';
import { AccountPageHeader } from '../../features/account/components/account-page-header';
import { ExtractionsTotalCard } from '../../features/account/components/extractions-total-card';
import {
  RECENT_FETCHED,
  RecentExtractions,
} from '../../features/account/components/recent-extractions';
import { SubscriptionCard } from '../../features/account/components/subscription-card';
import { useAuth } from '../../lib/session';

/** /dashboard (SPEC.md section 2): plan and credits, the number of runs, the latest three. */
export function Component() {
  const auth = useAuth();
  const usage = useUsage(RECENT_FETCHED, 0);
  const name = auth.user?.name.trim();
  return (
    <>
      <AccountPageHeader
        title="Dashboard"
        description={name ? `Welcome back, ${name}.` : 'Your credits and extractions.'}
        actions={
          <Button asChild>
            <Link to="/extract">
              <Plus aria-hidden="true" />
              New Table
            </Link>
          </Button>
        }
      />
      <div className="grid gap-6">
        <div className="grid gap-6 md:grid-cols-2">
          <SubscriptionCard />
          <ExtractionsTotalCard usage={usage} />
        </div>
        <RecentExtractions usage={usage} />
      </div>
    </>
  );
}
