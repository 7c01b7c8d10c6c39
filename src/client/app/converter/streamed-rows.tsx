import { useMemo } from 'react';
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import { useCellText } from '../../features/results/hooks/use-cell-text';
import { useTableView } from '../../features/results/hooks/use-table-view';
import {
  streamedFields,
  streamedRows,
  type RunProgress,
} from '../../features/runs/utils/run-progress';
import { ResultTable } from '../../features/results/components/result-table';

/** The rows (and a record's fields) found so far, as the parts of a long input finish. */
export function StreamedRows({
  columns,
  fields = [],
  progress,
}: {
  columns: ColumnDefinition[];
  fields?: readonly ColumnDefinition[];
  progress: RunProgress;
}) {
  const rows = useMemo(() => streamedRows(progress), [progress]);
  const found = useMemo(() => streamedFields(progress), [progress]);
  const view = useTableView({ rows });
  const valueText = useCellText(columns, rows);
  const fieldText = useCellText(fields, [found]);
  const named = fields.filter(({ name }) => Object.hasOwn(found, name));
  return (
    <>
      {named.length > 0 ? (
        <section aria-label="Fields found so far" className="grid min-w-0 gap-2">
          <p className="text-sm text-muted-foreground">
            {named.length} of {fields.length} document field{fields.length === 1 ? '' : 's'} found
            so far; they are checked when the run ends.
          </p>
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md border px-3 py-2 text-sm">
            {named.map(({ name }) => (
              <div key={name} className="contents">
                <dt className="font-medium break-words">{name}</dt>
                <dd className="break-words">{fieldText(found[name], name)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {rows.length > 0 ? (
        <FoundRows columns={columns} rows={rows} view={view} valueText={valueText} />
      ) : null}
    </>
  );
}

function FoundRows({
  columns,
  rows,
  view,
  valueText,
}: {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  view: ReturnType<typeof useTableView>;
  valueText: (value: CellValue | undefined, column: string) => string;
}) {
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
