import { Table2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useUsage } from '../api/get-usage';
import { HistoryPager } from './history-pager';
import { QueryError } from './query-error';
import { LoadingLines } from './skeleton';
import { UsageHistoryTable } from './usage-history-table';

export const HISTORY_PAGE_SIZE = 20;

/** The page number of `?page=`, 1 when missing or nonsense. */
function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Every run, 20 a page; the page is in the address so Back and reloading keep it. */
export function UsageHistory() {
  const [params, setParams] = useSearchParams();
  const offset = (pageFrom(params.get('page')) - 1) * HISTORY_PAGE_SIZE;
  const usage = useUsage(HISTORY_PAGE_SIZE, offset);

  const goTo = (nextOffset: number) => {
    const page = Math.floor(nextOffset / HISTORY_PAGE_SIZE) + 1;
    setParams(page === 1 ? {} : { page: String(page) });
  };

  if (usage.isPending) return <LoadingLines label="Loading your extraction history" lines={5} />;
  if (usage.isError)
    return (
      <QueryError
        what="your extraction history"
        error={usage.error}
        onRetry={() => void usage.refetch()}
        isRetrying={usage.isFetching}
      />
    );
  const { records, total } = usage.data;
  if (total === 0) return <EmptyHistory />;
  return (
    <div aria-busy={usage.isPlaceholderData}>
      {records.length > 0 ? (
        <UsageHistoryTable records={records} />
      ) : (
        <p className="rounded-lg border px-4 py-6 text-center text-muted-foreground">
          This page is past your last run.
        </p>
      )}
      <HistoryPager
        offset={offset}
        shown={records.length}
        total={total}
        pageSize={HISTORY_PAGE_SIZE}
        onPage={goTo}
        isLoading={usage.isPlaceholderData}
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
        Every run you make while signed in is listed here, with its result ready to download.
      </p>
      <Button asChild>
        <Link to="/extract">Start an extraction</Link>
      </Button>
    </div>
  );
}
