import { FileClock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import type { UseQueryResult } from '@tanstack/react-query';
import type { JobPage } from '../../../../shared/jobs';
import { QueryError } from './query-error';
import { Skeleton } from './skeleton';

/** How many extractions the user has run, with the way to the full history. */
export function ExtractionsTotalCard({ jobs }: { jobs: UseQueryResult<JobPage> }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold leading-tight">
            Total extractions
          </h2>
          <p className="text-sm text-muted-foreground">
            Every run of your account, its free trial included
          </p>
        </div>
        <FileClock aria-hidden="true" className="size-5 shrink-0 text-primary" />
      </CardHeader>
      <CardContent className="grid gap-3">
        {jobs.isPending ? (
          <div role="status">
            <span className="sr-only">Loading your extractions</span>
            <Skeleton className="h-9 w-16" />
          </div>
        ) : null}
        {jobs.isError ? (
          <QueryError
            what="your extractions"
            error={jobs.error}
            onRetry={() => void jobs.refetch()}
            isRetrying={jobs.isFetching}
          />
        ) : null}
        {jobs.data ? <p className="text-3xl font-bold tracking-tight">{jobs.data.total}</p> : null}
        <Link
          to="/history"
          className="justify-self-start rounded-sm text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          View full history
        </Link>
      </CardContent>
    </Card>
  );
}
