import { useCallback, useMemo, useState } from 'react';
import type { ExtractedRow } from '../../../../shared/extraction';
import { clampPage, pageSlice } from '../utils/paginate';
import { readPageSize, writePageSize } from '../utils/page-size';
import { nextSortState, sortedOrder, type SortState } from '../utils/sort-rows';

/** The grid's one Tab stop: a row (its index in the result; null for the header) and a column. */
export type ActiveCell = { index: number | null; column: number };

/**
 * How the table is shown: its sort, which rows the filters keep, the page and its size, and the
 * cell that holds the grid's focus. Copy and the downloads follow the same order (issue 20 point 8).
 */
export type TableView = {
  sort: SortState;
  onSort: (column: string, columnPlace: number) => void;
  /** The rows shown, in order: indices into the rows. */
  order: number[];
  /** Every row in the order of the sort, whatever the filters keep. */
  sortedAll: number[];
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /** The rows of the page shown. */
  visible: number[];
  active: ActiveCell;
  /** Makes a cell the Tab stop (when it takes the focus by a click, say). */
  setActive: (cell: ActiveCell) => void;
  /** Shows the cell's page, makes it the Tab stop and moves the focus to it. */
  focusCell: (cell: ActiveCell, page?: number) => void;
  /** Grows each time focusCell asks the grid to move the focus. */
  focusRequest: number;
};

type Options = {
  rows: readonly ExtractedRow[];
  /** Which rows to show; memoize it, and change `filterKey` whenever it changes. */
  filter?: (index: number) => boolean;
  filterKey?: string;
};

export function useTableView({ rows, filter, filterKey = '' }: Options): TableView {
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPageState] = useState(1);
  const [pageSize, setPageSizeState] = useState(readPageSize);
  const [active, setActive] = useState<ActiveCell>({ index: null, column: 0 });
  const [focusRequest, setFocusRequest] = useState(0);
  const [isRevealing, setIsRevealing] = useState(false);
  // A filter changed: back to the first page (adjusting state while rendering, as React advises).
  const [shownFilter, setShownFilter] = useState(filterKey);
  if (shownFilter !== filterKey) {
    setShownFilter(filterKey);
    setPageState(1);
  }

  const sortedAll = useMemo(() => sortedOrder(rows, sort), [rows, sort]);
  const order = useMemo(() => (filter ? sortedAll.filter(filter) : sortedAll), [sortedAll, filter]);
  // A cell to bring into view: its page, found in the order as it is now (a correction may
  // have just moved or hidden rows).
  if (isRevealing) {
    setIsRevealing(false);
    const position = active.index === null ? -1 : order.indexOf(active.index);
    if (position >= 0) setPageState(Math.floor(position / pageSize) + 1);
  }
  const currentPage = clampPage(page, order.length, pageSize);

  const onSort = useCallback((column: string, columnPlace: number) => {
    setSort((current) => nextSortState(current, column));
    setPageState(1);
    setActive({ index: null, column: columnPlace });
  }, []);

  const setPageSize = useCallback(
    (size: number) => {
      // Keep the first row of the current page in view.
      const firstRow = (currentPage - 1) * pageSize;
      writePageSize(size);
      setPageSizeState(size);
      setPageState(Math.floor(firstRow / size) + 1);
    },
    [currentPage, pageSize],
  );

  const focusCell = useCallback((cell: ActiveCell, toPage?: number) => {
    if (toPage === undefined) setIsRevealing(true);
    else setPageState(toPage);
    setActive(cell);
    setFocusRequest((request) => request + 1);
  }, []);

  return {
    sort,
    onSort,
    order,
    sortedAll,
    page: currentPage,
    pageSize,
    setPage: setPageState,
    setPageSize,
    visible: pageSlice(order, currentPage, pageSize),
    active,
    setActive,
    focusCell,
    focusRequest,
  };
}
