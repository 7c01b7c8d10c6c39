import { Download, Table2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Job } from '../../../../shared/jobs';
import { Button } from '../../../components/ui/button';
import { REVEAL_JOB_STATE } from '../../../lib/reveal-job';
import { hasTable, openJobPath } from '../job-format';

const DOWNLOADS = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'json', label: 'JSON' },
] as const;

/**
 * The job's table as a file: the server names it after the job and the download's time, in this
 * browser's time zone (`statement-march_2026-11-25_1432.csv`).
 */
function resultHref(jobId: string, format: string): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const query = new URLSearchParams({ format, ...(timeZone ? { tz: timeZone } : {}) });
  return `/api/jobs/${encodeURIComponent(jobId)}/result?${query.toString()}`;
}

/** Open the job again in the result table, or download its table; named for screen readers. */
export function JobActions({ job, name }: { job: Job; name: string }) {
  const canDownload = hasTable(job);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild size="sm">
        <Link
          to={openJobPath(job.id)}
          state={REVEAL_JOB_STATE}
          aria-label={`Open ${name} in the result table`}
        >
          <Table2 aria-hidden="true" />
          Open
        </Link>
      </Button>
      {canDownload
        ? DOWNLOADS.map(({ format, label }) => (
            <Button key={format} asChild size="sm" variant="outline">
              <a
                href={resultHref(job.id, format)}
                download
                aria-label={`Download ${name} as ${label}`}
              >
                <Download aria-hidden="true" />
                {label}
              </a>
            </Button>
          ))
        : null}
    </div>
  );
}
