import { Fragment, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../shared/extraction';
import { cn } from '../../../lib/utils';
import { useColumnWidths } from '../hooks/use-column-widths';
import { useBoxWidth } from '../hooks/use-box-width';
import { gridCellAttributes, tabStop, useGridKeyboard } from '../hooks/use-grid-keyboard';
import type { ActiveCell, TableView } from '../hooks/use-table-view';
import type { TableCell, TableReview } from '../utils/table-review';
import { EvidencePopover, openEvidence, type OpenCell } from './evidence-popover';
import { LONG_CELL_CHARACTERS, ResultCell } from './result-cell';
import { SortHeader } from './sort-header';
import { TablePager } from './table-pager';

export type ResultTableProps = {
  columns: ColumnDefinition[];
  /** The rows as shown (with the user's corrections in place). */
  rows: readonly ExtractedRow[];
  /** Sort, filters, page and the focused cell (useTableView). */
  view: TableView;
  /** Each cell's review and evidence; absent while rows are still streaming in. */
  review?: TableReview;
  /** How a value is written (useCellText). */
  valueText: (value: CellValue | undefined, column: string) => string;
  /** The grid's name, e.g. 'Extracted rows'. */
  caption?: string;
  /** Keys on a value that the grid does not use itself (review's shortcuts). */
  onCellKey?: (event: KeyboardEvent<HTMLElement>, cell: TableCell) => void;
  /** Enter, F2 or a click on a value: true when handled, else its popover opens. */
  onOpenCell?: (cell: TableCell, how: 'key' | 'click') => boolean;
  /** The cell being reviewed, outlined. */
  currentCell?: TableCell | null;
  /** Beside the grid on wide screens (the review pane). */
  aside?: ReactNode;
  /** Across the grid below one row (the review pane on a phone). */
  detail?: { index: number; content: ReactNode } | null;
  /** Under the grid, above the pager. */
  legend?: ReactNode;
};

const HINT =
  'Arrow keys move between cells, Page Up and Page Down between pages. Enter on a header sorts; F2 resizes its column. Enter on a value shows where it came from.';

/**
 * The rows as a sortable, paged grid (the ARIA grid pattern: one Tab stop, the arrow keys between
 * cells): the header stays in view, numbers keep their column's decimals, columns fit their
 * content and can be resized. Only the current page is rendered.
 */
export function ResultTable(props: ResultTableProps) {
  const { columns, rows, view, review, valueText, caption = 'Extracted rows' } = props;
  const popoverId = useId();
  const hintId = useId();
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  const text = (index: number, column: string) => valueText(rows[index]?.[column], column);
  const widths = useColumnWidths(columns, rows, valueText);
  const stop = tabStop(view.active, view.visible, columns.length);
  const [boxRef, boxWidth] = useBoxWidth(Boolean(props.detail));

  const isOpen = (index: number, column: string) =>
    openCell?.index === index && openCell.column === column;
  const open = (cell: TableCell, trigger: HTMLElement, how: 'key' | 'click') => {
    if (props.onOpenCell?.(cell, how)) return;
    setOpenCell(isOpen(cell.index, cell.column) ? null : { ...cell, trigger });
  };
  const onCellKey = (event: KeyboardEvent<HTMLElement>, cell: ActiveCell) => {
    if (cell.index === null) return;
    const column = columns[cell.column]?.name;
    if (column === undefined) return;
    if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      open({ index: cell.index, column }, event.target as HTMLElement, 'key');
      return;
    }
    props.onCellKey?.(event, { index: cell.index, column });
  };
  const { gridRef, gridProps } = useGridKeyboard(view, columns.length, onCellKey);
  const hasPopover = (index: number, column: string) =>
    review?.cell(index, column) != null || text(index, column).length > LONG_CELL_CHARACTERS;

  const grid = (
    <div ref={boxRef} className="relative max-h-[70vh] max-w-full overflow-auto rounded-md border">
      <table
        ref={gridRef}
        role="grid"
        aria-rowcount={view.order.length + 1}
        aria-describedby={hintId}
        {...gridProps}
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
          <tr aria-rowindex={1}>
            {columns.map((column, place) => (
              <SortHeader
                key={column.name}
                column={column}
                sort={view.sort}
                onSort={() => view.onSort(column.name, place)}
                isSticky={place === 0}
                width={widths.pixelsOf(column.name)}
                onResize={(width) => widths.resize(column.name, width)}
                cell={gridCellAttributes(
                  0,
                  place,
                  null,
                  stop.index === null && stop.column === place,
                )}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {view.visible.map((index, position) => (
            <Fragment key={index}>
              <tr
                aria-rowindex={(view.page - 1) * view.pageSize + position + 2}
                className="hover:bg-muted/30 [&>td]:border-t"
              >
                {columns.map((column, place) => (
                  <ResultCell
                    key={column.name}
                    column={column}
                    value={rows[index]?.[column.name]}
                    text={text(index, column.name)}
                    review={review ? review.cell(index, column.name) : null}
                    cell={gridCellAttributes(
                      position + 1,
                      place,
                      index,
                      stop.index === index && stop.column === place,
                    )}
                    popover={
                      hasPopover(index, column.name)
                        ? { isOpen: isOpen(index, column.name), id: popoverId }
                        : null
                    }
                    isCurrent={
                      props.currentCell?.index === index && props.currentCell.column === column.name
                    }
                    isSticky={place === 0}
                    onOpen={(trigger) => open({ index, column: column.name }, trigger, 'click')}
                  />
                ))}
              </tr>
              {props.detail?.index === index ? (
                <tr>
                  <td colSpan={columns.length} className="border-t p-0">
                    {/* As wide as the box shows, wherever the grid is scrolled sideways. */}
                    <div className="sticky left-0" style={{ width: boxWidth ?? undefined }}>
                      {props.detail.content}
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className="min-w-0 space-y-3">
      <p id={hintId} className="sr-only">
        {HINT}
      </p>
      {/* One tree with or without the pane: the grid, and the focus in it, stay when it comes. */}
      <div
        className={cn(
          'grid items-start gap-4',
          props.aside
            ? 'grid-cols-[minmax(0,1fr)_minmax(18rem,22rem)]'
            : 'grid-cols-[minmax(0,1fr)]',
        )}
      >
        {grid}
        {props.aside}
      </div>
      {props.legend}
      <TablePager
        page={view.page}
        pageSize={view.pageSize}
        total={view.order.length}
        onPage={view.setPage}
        onPageSize={view.setPageSize}
      />
      <EvidencePopover
        id={popoverId}
        open={openEvidence(openCell, review, text, (index, column) =>
          valueText(review?.extracted(index, column), column),
        )}
        onClose={() => setOpenCell(null)}
      />
    </div>
  );
}
