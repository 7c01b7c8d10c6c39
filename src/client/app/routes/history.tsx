import { AccountPageHeader } from '../../features/account/components/account-page-header';
import { JobHistory } from '../../features/account/components/job-history';

/** /history: every run, paged. */
export function Component() {
  return (
    <>
      <AccountPageHeader
        title="Extraction history"
        description="Every extraction you have run, newest first, each ready to open again in the result table or download."
      />
      <JobHistory />
    </>
  );
}
