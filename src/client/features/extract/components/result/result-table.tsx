import { useId, useMemo, useState } from 'react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import type { ExtractedRow, RowEvidence } from '../../../../../shared/extraction';
import { cellText } from '../../../../../shared/table-export';
import { cellProvenance, countUnverified } from '../../utils/cell-evidence';
import { clampPage, DEFAULT_PAGE_SIZE, pageSlice } from '../../utils/paginate';
import { nextSortState, sortedOrder, type SortState } from '../../utils/sort-rows';
import { EvidencePopover, type OpenEvidence } from './evidence-popover';
import { ResultCell } from './result-cell';
import { SortHeader } from './sort-header';
import { TableLegend } from './table-legend';
import { TablePager } from './table-pager';

export type ResultTableProps = {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  /** Per row, where each cell was found; absent while rows are still streaming in. */
  evidence?: RowEvidence[];
  /** The Document text the evidence offsets point into. */
  sourceText?: string;
  /** A caption for screen readers, e.g. 'Extracted rows'. */
  caption?: string;
};

type OpenCell = { index: number; column: string; trigger: HTMLElement };

/**
 * The rows as a sortable, paged table. Only the current page is rendered, so a result of
 * thousands of rows stays quick; the sorted order is computed once per sort and set of rows.
 */
export function ResultTable({
  columns,
  rows,
  evidence,
  sourceText = '',
  caption = 'Extracted rows',
}: ResultTableProps) {
  const popoverId = useId();
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  const order = useMemo(() => sortedOrder(rows, sort), [rows, sort]);
  const unverified = useMemo(
    () => countUnverified(columns, rows, evidence),
    [columns, rows, evidence],
  );
  const currentPage = clampPage(page, rows.length, pageSize);
  const visible = pageSlice(order, currentPage, pageSize);
  const provenance = (index: number, column: string) =>
    cellProvenance(rows[index]?.[column], evidence?.[index], column);

  const onSort = (column: string) => {
    setSort((current) => nextSortState(current, column));
    setPage(1);
  };
  const onPageSize = (size: number) => {
    // Keep the first row of the current page in view.
    const firstRow = (currentPage - 1) * pageSize;
    setPageSize(size);
    setPage(Math.floor(firstRow / size) + 1);
  };
  const isOpen = (index: number, column: string) =>
    openCell?.index === index && openCell.column === column;
  const toggle = (index: number, column: string, trigger: HTMLElement) =>
    setOpenCell(isOpen(index, column) ? null : { index, column, trigger });

  return (
    <div className="min-w-0 space-y-3">
      <div className="max-w-full overflow-x-auto rounded-md border">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60">
            <tr>
              {columns.map((column) => (
                <SortHeader key={column.name} column={column} sort={sort} onSort={onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((index) => (
              <tr key={index} className="border-t hover:bg-muted/30">
                {columns.map(({ name }, columnIndex) => (
                  <ResultCell
                    key={name}
                    column={columns[columnIndex]!}
                    value={rows[index]?.[name]}
                    rowNumber={index + 1}
                    provenance={provenance(index, name)}
                    source={{
                      isOpen: isOpen(index, name),
                      popoverId,
                      onToggle: (trigger) => toggle(index, name, trigger),
                    }}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {evidence && rows.length > 0 && <TableLegend unverified={unverified} />}
      <TablePager
        page={currentPage}
        pageSize={pageSize}
        total={rows.length}
        onPage={setPage}
        onPageSize={onPageSize}
      />
      <EvidencePopover
        id={popoverId}
        open={openEvidence(openCell, rows, provenance)}
        sourceText={sourceText}
        onClose={() => setOpenCell(null)}
      />
    </div>
  );
}

function openEvidence(
  cell: OpenCell | null,
  rows: ExtractedRow[],
  provenance: (index: number, column: string) => ReturnType<typeof cellProvenance>,
): OpenEvidence | null {
  if (!cell) return null;
  const found = provenance(cell.index, cell.column);
  if (found.kind === 'none') return null;
  return {
    column: cell.column,
    rowNumber: cell.index + 1,
    value: cellText(rows[cell.index]?.[cell.column]),
    provenance: found,
    trigger: cell.trigger,
  };
}
