import type { UsageRecord } from '../../../../shared/account';
import { extractionTypeLabel, fileTypeLabel, formatDuration, formatRunDate } from '../usage-format';
import { DownloadResultButton } from './download-result-button';
import { RunTypeIcon } from './run-type-icon';
import { StatusBadge } from './status-badge';

const HEADERS = ['Date', 'Type', 'File type', 'Columns', 'Rows', 'Result', 'Time', 'Download'];

/** Every run of one history page; scrolls sideways on its own on narrow screens. */
export function UsageHistoryTable({ records }: { records: UsageRecord[] }) {
  return (
    <div
      role="region"
      aria-label="Extraction history table"
      tabIndex={0}
      className="overflow-x-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Your extractions, newest first</caption>
        <thead className="bg-muted/50 text-muted-foreground">
          <tr>
            {HEADERS.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {records.map((record) => (
            <UsageRow key={record.id} record={record} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UsageRow({ record }: { record: UsageRecord }) {
  const date = formatRunDate(record.created_at);
  return (
    <tr className="align-top">
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={record.created_at}>{date}</time>
      </td>
      <td className="px-3 py-2">
        <span className="inline-flex items-center gap-1.5">
          <RunTypeIcon type={record.extraction_type} className="size-4 text-muted-foreground" />
          {extractionTypeLabel(record.extraction_type)}
        </span>
      </td>
      <td className="px-3 py-2">{fileTypeLabel(record.file_type)}</td>
      <td className="px-3 py-2 tabular-nums">{record.columns_defined}</td>
      <td className="px-3 py-2 tabular-nums">{record.rows_extracted}</td>
      <td className="max-w-64 px-3 py-2">
        <StatusBadge isSuccess={record.success} />
        {record.error_message ? (
          <p className="mt-1 text-xs break-words text-muted-foreground">{record.error_message}</p>
        ) : null}
      </td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {formatDuration(record.processing_time_ms)}
      </td>
      <td className="px-3 py-2">
        {record.has_file ? (
          <DownloadResultButton usageId={record.id} dateLabel={date} />
        ) : (
          <span className="text-muted-foreground">
            <span aria-hidden="true">–</span>
            <span className="sr-only">Not stored</span>
          </span>
        )}
      </td>
    </tr>
  );
}
