import type { UseQueryResult } from '@tanstack/react-query';
import { Table2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { UsagePage } from '../../../../shared/account';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { QueryError } from './query-error';
import { RecentExtractionItem } from './recent-extraction-item';
import { LoadingLines } from './skeleton';

/** SPEC.md section 9: the dashboard fetches 5 recent extractions and shows 3. */
export const RECENT_FETCHED = 5;
const RECENT_SHOWN = 3;

export function RecentExtractions({ usage }: { usage: UseQueryResult<UsagePage> }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Recent extractions
        </h2>
        <Link
          to="/history"
          className="rounded-sm text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          View all extractions
        </Link>
      </CardHeader>
      <CardContent>
        {usage.isPending ? <LoadingLines label="Loading your recent extractions" /> : null}
        {usage.isError ? (
          <QueryError
            what="your recent extractions"
            error={usage.error}
            onRetry={() => void usage.refetch()}
            isRetrying={usage.isFetching}
          />
        ) : null}
        {usage.data ? <RecentList records={usage.data.records.slice(0, RECENT_SHOWN)} /> : null}
      </CardContent>
    </Card>
  );
}

function RecentList({ records }: { records: UsagePage['records'] }) {
  if (records.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
        <Table2 aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No extractions yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Run your first extraction and it will appear here, with its result ready to download.
        </p>
        <Button asChild variant="outline">
          <Link to="/extract">Start an extraction</Link>
        </Button>
      </div>
    );
  return (
    <ul className="divide-y">
      {records.map((record) => (
        <RecentExtractionItem key={record.id} record={record} />
      ))}
    </ul>
  );
}
