import { AccountPageHeader } from '../../features/account/components/account-page-header';
import { UsageHistory } from '../../features/account/components/usage-history';

/** /history: every run, paged. */
export function Component() {
  return (
    <>
      <AccountPageHeader
        title="Extraction history"
        description="Every extraction you have run, newest first, with stored results to download again."
      />
      <UsageHistory />
    </>
  );
}
