/**
 * Where a key takes the focus in the result grid (the ARIA grid pattern): one cell has the focus
 * at a time and the keys move it. Rows are counted on the page shown: 0 is the header row, 1 the
 * first row of the page. Page Up and Page Down turn the table's pages, keeping the place on the
 * page; Ctrl+Home and Ctrl+End go to the table's first and last cells, whichever page they are on.
 */
export type GridPlace = { page: number; row: number; column: number };

export type GridShape = {
  /** Rows in the whole (filtered) table, and how many a page shows. */
  total: number;
  pageSize: number;
  columns: number;
};

export type GridKey = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
};

/** How many pages the rows fill (an empty table has its one page). */
function pages(shape: GridShape): number {
  return Math.max(1, Math.ceil(shape.total / shape.pageSize));
}

/** How many rows page `page` shows. */
export function rowsOnPage(shape: GridShape, page: number): number {
  return Math.max(0, Math.min(shape.pageSize, shape.total - (page - 1) * shape.pageSize));
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** Keeps a place inside the grid as it now is (rows gone, a page fewer). */
export function clampPlace(place: GridPlace, shape: GridShape): GridPlace {
  const page = clamp(place.page, 1, pages(shape));
  return {
    page,
    row: clamp(place.row, 0, rowsOnPage(shape, page)),
    column: clamp(place.column, 0, Math.max(0, shape.columns - 1)),
  };
}

/** The same row and column on another page, or its last row when that page is shorter. */
function onPage(place: GridPlace, shape: GridShape, page: number): GridPlace {
  return clampPlace({ ...place, page }, shape);
}

/** The place `key` moves the focus to from `at`, or null when the key does not move it. */
export function moveInGrid(at: GridPlace, input: GridKey, shape: GridShape): GridPlace | null {
  const isCtrl = Boolean(input.ctrlKey || input.metaKey);
  const last = pages(shape);
  const lastColumn = Math.max(0, shape.columns - 1);
  const rows = rowsOnPage(shape, at.page);
  switch (input.key) {
    case 'ArrowUp':
      return { ...at, row: Math.max(0, at.row - 1) };
    case 'ArrowDown':
      return { ...at, row: Math.min(rows, at.row + 1) };
    case 'ArrowLeft':
      return { ...at, column: Math.max(0, at.column - 1) };
    case 'ArrowRight':
      return { ...at, column: Math.min(lastColumn, at.column + 1) };
    case 'Home':
      return isCtrl ? { page: 1, row: 0, column: 0 } : { ...at, column: 0 };
    case 'End':
      if (!isCtrl) return { ...at, column: lastColumn };
      return { page: last, row: rowsOnPage(shape, last), column: lastColumn };
    case 'PageDown':
      if (at.page < last) return onPage(at, shape, at.page + 1);
      return { ...at, row: at.row === 0 ? 0 : rows };
    case 'PageUp':
      if (at.page > 1) return onPage(at, shape, at.page - 1);
      return { ...at, row: Math.min(at.row, 1) };
    default:
      return null;
  }
}
