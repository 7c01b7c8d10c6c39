import { useMemo } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import { useCellText } from '../hooks/use-cell-text';
import { useTableView } from '../hooks/use-table-view';
import { streamedRows, type RunProgress } from '../utils/run-progress';
import { ResultTable } from './result/result-table';

/** The rows found so far, as the parts of a long input finish. */
export function StreamedRows({
  columns,
  progress,
}: {
  columns: ColumnDefinition[];
  progress: RunProgress;
}) {
  const rows = useMemo(() => streamedRows(progress), [progress]);
  const view = useTableView({ rows });
  const valueText = useCellText(columns, rows);
  if (rows.length === 0) return null;
  return (
    <section aria-label="Rows found so far" className="grid min-w-0 gap-2">
      <p className="text-sm text-muted-foreground">
        {rows.length} row{rows.length === 1 ? '' : 's'} so far; the table is checked when the run
        ends.
      </p>
      <div className="overflow-x-auto">
        <ResultTable
          columns={columns}
          rows={rows}
          view={view}
          valueText={valueText}
          caption="Rows found so far"
        />
      </div>
    </section>
  );
}
