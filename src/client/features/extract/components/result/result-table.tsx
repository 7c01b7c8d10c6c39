import { useCallback, useId, useMemo, useState } from 'react';
import type { ColumnDefinition } from '../../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../../shared/extraction';
import { useColumnWidths } from '../../hooks/use-column-widths';
import { foundText, type TableEvidence } from '../../utils/cell-evidence';
import { displayText, numberFormats } from '../../utils/number-format';
import { clampPage, DEFAULT_PAGE_SIZE, pageSlice } from '../../utils/paginate';
import { nextSortState, sortedOrder, type SortState } from '../../utils/sort-rows';
import { EvidencePopover, openEvidence, type OpenCell } from './evidence-popover';
import { ResultCell } from './result-cell';
import { SortHeader } from './sort-header';
import { TableLegend } from './table-legend';
import { TablePager } from './table-pager';

export type ResultTableProps = {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  /** Where each cell was found; absent while rows are still streaming in. */
  evidence?: TableEvidence;
  /** A caption for screen readers, e.g. 'Extracted rows'. */
  caption?: string;
};

/**
 * The rows as a sortable, paged grid: the header stays in view, numbers keep their column's
 * decimals, columns fit their content and can be resized. Only the current page is rendered,
 * and the sorted order is computed once per sort and set of rows, so thousands stay quick.
 */
export function ResultTable({
  columns,
  rows,
  evidence,
  caption = 'Extracted rows',
}: ResultTableProps) {
  const popoverId = useId();
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  const order = useMemo(() => sortedOrder(rows, sort), [rows, sort]);
  const formats = useMemo(
    () =>
      numberFormats(
        columns,
        rows,
        evidence && ((index, column) => foundText(evidence, index, column)),
      ),
    [columns, rows, evidence],
  );
  const text = useCallback(
    (value: CellValue | undefined, column: string) => displayText(value, formats[column]),
    [formats],
  );
  const widths = useColumnWidths(columns, rows, text);
  const currentPage = clampPage(page, rows.length, pageSize);
  const visible = pageSlice(order, currentPage, pageSize);
  const provenance = (index: number, column: string) =>
    evidence?.provenance(index, column) ?? { kind: 'none' as const };

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
  const toggle = (index: number, column: string, trigger: HTMLElement) => {
    if (isOpen(index, column)) return setOpenCell(null);
    if (provenance(index, column).kind === 'pending') evidence?.load?.(index);
    setOpenCell({ index, column, trigger });
  };

  return (
    <div className="min-w-0 space-y-3">
      <div
        role="group"
        aria-label={`${caption}, table`}
        tabIndex={0}
        className="max-h-[70vh] max-w-full overflow-auto rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <table
          className="table-fixed border-separate border-spacing-0 text-sm"
          style={{ width: widths.tableWidth, minWidth: '100%' }}
        >
          <caption className="sr-only">{caption}</caption>
          <colgroup>
            {columns.map(({ name }) => (
              <col key={name} style={{ width: widths.widthOf(name) }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((column) => (
                <SortHeader
                  key={column.name}
                  column={column}
                  sort={sort}
                  onSort={onSort}
                  width={widths.pixelsOf(column.name)}
                  onResize={(width) => widths.resize(column.name, width)}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((index) => (
              <tr key={index} className="hover:bg-muted/30 [&>td]:border-t">
                {columns.map((column) => (
                  <ResultCell
                    key={column.name}
                    column={column}
                    value={rows[index]?.[column.name]}
                    text={text(rows[index]?.[column.name], column.name)}
                    rowNumber={index + 1}
                    provenance={provenance(index, column.name)}
                    source={{
                      isOpen: isOpen(index, column.name),
                      popoverId,
                      onToggle: (trigger) => toggle(index, column.name, trigger),
                    }}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {evidence && rows.length > 0 && <TableLegend unverified={evidence.unverified} />}
      <TablePager
        page={currentPage}
        pageSize={pageSize}
        total={rows.length}
        onPage={setPage}
        onPageSize={onPageSize}
      />
      <EvidencePopover
        id={popoverId}
        open={openEvidence(openCell, rows, text, provenance, evidence)}
        onClose={() => setOpenCell(null)}
      />
    </div>
  );
}
