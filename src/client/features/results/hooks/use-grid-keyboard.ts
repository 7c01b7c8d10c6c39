import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { moveInGrid } from '../utils/grid-navigation';
import type { ActiveCell, TableView } from './use-table-view';

/** The data attributes that make an element one of the grid's focusable cells. */
export type GridCellAttributes = {
  'data-grid-cell': '';
  /** Its row on the page shown: 0 for the header, 1 for the page's first row. */
  'data-grid-row': number;
  'data-grid-column': number;
  /** Its row's index in the result (absent in the header). */
  'data-grid-index'?: number;
  tabIndex: 0 | -1;
};

export function gridCellAttributes(
  row: number,
  column: number,
  index: number | null,
  isTabStop: boolean,
): GridCellAttributes {
  return {
    'data-grid-cell': '',
    'data-grid-row': row,
    'data-grid-column': column,
    ...(index === null ? {} : { 'data-grid-index': index }),
    tabIndex: isTabStop ? 0 : -1,
  };
}

function cellOf(target: EventTarget | null): { element: HTMLElement; cell: ActiveCell } | null {
  if (!(target instanceof HTMLElement) || !target.hasAttribute('data-grid-cell')) return null;
  const index = target.dataset.gridIndex;
  return {
    element: target,
    cell: {
      index: index === undefined ? null : Number(index),
      column: Number(target.dataset.gridColumn),
    },
  };
}

/** The cell of the page that holds the grid's one Tab stop (the header when its row is not shown). */
export function tabStop(
  active: ActiveCell,
  visible: readonly number[],
  columns: number,
): ActiveCell {
  const column = Math.min(active.column, Math.max(0, columns - 1));
  const isShown = active.index !== null && visible.includes(active.index);
  return { index: isShown ? active.index : null, column };
}

/**
 * The ARIA grid pattern over the result table (react-aria's useGrid and useGridCell were the
 * model): the grid is one Tab stop, the cell that last had the focus; the arrow keys, Home, End,
 * Page Up, Page Down and Ctrl+Home/End move the focus (grid-navigation.ts). Keys the grid does
 * not use go to `onCellKey`, with the cell they were pressed on.
 */
export function useGridKeyboard(
  view: TableView,
  columnCount: number,
  onCellKey?: (event: KeyboardEvent<HTMLElement>, cell: ActiveCell) => void,
) {
  const gridRef = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    if (view.focusRequest === 0) return;
    const cell = gridRef.current?.querySelector<HTMLElement>('[data-grid-cell][tabindex="0"]');
    if (!cell) return;
    cell.focus();
    revealCell(cell);
  }, [view.focusRequest]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    // Only keys pressed on a cell itself: a widget inside one (a resize handle) keeps its keys.
    const at = cellOf(event.target);
    if (!at || event.altKey) return;
    const row = Number(at.element.dataset.gridRow);
    const shape = { total: view.order.length, pageSize: view.pageSize, columns: columnCount };
    const next = moveInGrid({ page: view.page, row, column: at.cell.column }, event, shape);
    if (!next) {
      onCellKey?.(event, at.cell);
      return;
    }
    event.preventDefault();
    const index =
      next.row === 0 ? null : (view.order[(next.page - 1) * view.pageSize + next.row - 1] ?? null);
    view.focusCell({ index, column: next.column }, next.page);
  };

  // A cell focused by a click (or by a screen reader) becomes the Tab stop.
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const at = cellOf(event.target);
    if (at) view.setActive(at.cell);
  };

  return { gridRef, gridProps: { onKeyDown, onFocus } };
}

/**
 * Scrolls the table's box sideways until the whole cell shows beside the first column, which
 * stays put: focus alone leaves a cell that is partly in view where it is, half under the edge
 * or under that column (on a phone, a value reviewed could not be seen).
 */
function revealCell(cell: HTMLElement) {
  const box = cell.closest('table')?.parentElement;
  if (!box || box.scrollWidth <= box.clientWidth) return;
  const first = cell.parentElement?.firstElementChild;
  const boxRect = box.getBoundingClientRect();
  const left =
    first instanceof HTMLElement && first !== cell && getComputedStyle(first).position === 'sticky'
      ? first.getBoundingClientRect().right
      : boxRect.left;
  const right = boxRect.left + box.clientWidth;
  const rect = cell.getBoundingClientRect();
  if (rect.left < left) box.scrollLeft -= left - rect.left;
  else if (rect.right > right) box.scrollLeft += Math.min(rect.right - right, rect.left - left);
}
