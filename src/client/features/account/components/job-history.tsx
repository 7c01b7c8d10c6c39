import { Table2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useJobs } from '../api/list-jobs';
import { HistoryPager } from './history-pager';
import { QueryError } from './query-error';
import { JobEntry } from './job-entry';
import { LoadingLines } from './skeleton';

export const HISTORY_PAGE_SIZE = 20;

/** The page number of `?page=`, 1 when missing or nonsense. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * Every job, 20 a page, as a list of cards (no sideways scrolling on a phone); the page is in the
 * address so Back and reloading keep it.
 */
export function JobHistory() {
  const [params, setParams] = useSearchParams();
  const offset = (pageFrom(params.get('page')) - 1) * HISTORY_PAGE_SIZE;
  const jobs = useJobs(HISTORY_PAGE_SIZE, offset);

  const goTo = (nextOffset: number) => {
    const page = Math.floor(nextOffset / HISTORY_PAGE_SIZE) + 1;
    setParams(page === 1 ? {} : { page: String(page) });
  };

  if (jobs.isPending) return <LoadingLines label="Loading your extraction history" lines={5} />;
  if (jobs.isError)
    return (
      <QueryError
        what="your extraction history"
        error={jobs.error}
        onRetry={() => void jobs.refetch()}
        isRetrying={jobs.isFetching}
      />
    );
  const { jobs: entries, total } = jobs.data;
  if (total === 0) return <EmptyHistory />;
  return (
    <div aria-busy={jobs.isPlaceholderData}>
      {entries.length > 0 ? (
        <ul aria-label="Your extractions, newest first" className="grid gap-3">
          {entries.map((job) => (
            <JobEntry key={job.id} job={job} headingLevel="h2" />
          ))}
        </ul>
      ) : (
        <p className="rounded-lg border px-4 py-6 text-center text-muted-foreground">
          This page is past your last run.
        </p>
      )}
      <HistoryPager
        offset={offset}
        shown={entries.length}
        total={total}
        pageSize={HISTORY_PAGE_SIZE}
        onPage={goTo}
        isLoading={jobs.isPlaceholderData}
      />
    </div>
  );
}

function EmptyHistory() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-12 text-center">
      <Table2 aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">No extractions yet</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Every run you make while signed in is listed here, ready to open again or download.
      </p>
      <Button asChild>
        <Link to="/extract">Start an extraction</Link>
      </Button>
    </div>
  );
}
