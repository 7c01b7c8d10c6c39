import type { ColumnDefinition } from '../../../../shared/columns';
import { Progress } from '../../../components/ui/progress';
import { progressCounts, streamedRows, type RunProgress } from '../utils/run-progress';
import { waitingMessages } from '../utils/waiting-messages';
import { ResultTable } from './result/result-table';
import { RotatingMessage } from './rotating-message';

/** Under the stage while a run streams: the waiting message, pages and parts done. */
export function RunProgressDetails({ isPdf, progress }: { isPdf: boolean; progress: RunProgress }) {
  const counts = progressCounts(progress);
  return (
    <div className="grid gap-2">
      <RotatingMessage messages={waitingMessages(isPdf)} />
      {counts.page || counts.parts ? (
        <p className="text-sm">{[counts.page, counts.parts].filter(Boolean).join(' · ')}</p>
      ) : null}
      {progress.chunkCount > 1 ? (
        <Progress
          value={progress.chunksFinished}
          max={progress.chunkCount}
          aria-label="Parts of the content done"
          className="max-w-md"
        />
      ) : null}
    </div>
  );
}

/** The rows found so far, as the parts of a long input finish. */
export function StreamedRows({
  columns,
  progress,
}: {
  columns: ColumnDefinition[];
  progress: RunProgress;
}) {
  const rows = streamedRows(progress);
  if (rows.length === 0) return null;
  return (
    <section aria-label="Rows found so far" className="grid min-w-0 gap-2">
      <p className="text-sm text-muted-foreground">
        {rows.length} row{rows.length === 1 ? '' : 's'} so far; the table is checked when the run
        ends.
      </p>
      <div className="overflow-x-auto">
        <ResultTable columns={columns} rows={rows} caption="Rows found so far" />
      </div>
    </section>
  );
}
