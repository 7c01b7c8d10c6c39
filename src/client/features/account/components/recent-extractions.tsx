import type { UseQueryResult } from '@tanstack/react-query';
import { Table2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { JobPage } from '../../../../shared/jobs';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { JobEntry } from './job-entry';
import { QueryError } from './query-error';
import { LoadingLines } from './skeleton';

/** SPEC.md section 9: the dashboard fetches 5 recent extractions and shows 3. */
export const RECENT_FETCHED = 5;
const RECENT_SHOWN = 3;

export function RecentExtractions({ jobs }: { jobs: UseQueryResult<JobPage> }) {
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
        {jobs.isPending ? <LoadingLines label="Loading your recent extractions" /> : null}
        {jobs.isError ? (
          <QueryError
            what="your recent extractions"
            error={jobs.error}
            onRetry={() => void jobs.refetch()}
            isRetrying={jobs.isFetching}
          />
        ) : null}
        {jobs.data ? <RecentList jobs={jobs.data.jobs.slice(0, RECENT_SHOWN)} /> : null}
      </CardContent>
    </Card>
  );
}

function RecentList({ jobs }: { jobs: JobPage['jobs'] }) {
  if (jobs.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
        <Table2 aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No extractions yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Run your first extraction and it will appear here, ready to open again or download.
        </p>
        <Button asChild variant="outline">
          <Link to="/extract">Start an extraction</Link>
        </Button>
      </div>
    );
  return (
    <ul className="grid grid-cols-1 gap-3">
      {jobs.map((job) => (
        <JobEntry key={job.id} job={job} headingLevel="h3" />
      ))}
    </ul>
  );
}
