import type { UsageRecord } from '../../../../shared/account';
import { extractionTypeLabel, formatCount, formatRunDate } from '../usage-format';
import { DownloadResultButton } from './download-result-button';
import { RunTypeIcon } from './run-type-icon';
import { StatusBadge } from './status-badge';

/** One run on the dashboard: type, date, rows, success, and its stored result. */
export function RecentExtractionItem({ record }: { record: UsageRecord }) {
  const date = formatRunDate(record.created_at);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <RunTypeIcon type={record.extraction_type} className="size-4" />
      </span>
      <div className="min-w-40 flex-1">
        <p className="font-medium">{extractionTypeLabel(record.extraction_type)}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={record.created_at}>{date}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span className="whitespace-nowrap">{formatCount(record.rows_extracted, 'row')}</span>
        </p>
      </div>
      <div className="ml-auto flex items-center gap-3">
        <StatusBadge isSuccess={record.success} />
        {record.has_file ? <DownloadResultButton usageId={record.id} dateLabel={date} /> : null}
      </div>
    </li>
  );
}
