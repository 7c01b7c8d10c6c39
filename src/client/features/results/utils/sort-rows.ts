import type { CellValue, ExtractedRow } from '../../../../shared/extraction';

export type SortDirection = 'ascending' | 'descending';
export type SortState = { column: string; direction: SortDirection } | null;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const collator = new Intl.Collator(undefined, { numeric: true });

/** A header click cycles its column through ascending, descending and unsorted. */
export function nextSortState(current: SortState, column: string): SortState {
  if (current?.column !== column) return { column, direction: 'ascending' };
  if (current.direction === 'ascending') return { column, direction: 'descending' };
  return null;
}

function isBlank(value: CellValue | undefined): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

function typeRank(value: string | number | boolean): number {
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return 1;
  return 2;
}

/**
 * Two non-blank cells in ascending order: numbers numerically, booleans false before true,
 * YYYY-MM-DD dates chronologically, other text by the user's locale with numbers in it compared
 * as numbers ("item 2" before "item 10"). A column holding mixed types groups them by type.
 */
export function compareCells(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') {
    if (ISO_DATE.test(a) && ISO_DATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
    return collator.compare(a, b);
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return typeRank(a) - typeRank(b);
}

/** The indices of `rows` in the result's own order. */
export function originalOrder(rows: readonly ExtractedRow[]): number[] {
  return Array.from({ length: rows.length }, (_, index) => index);
}

/**
 * The indices of `rows` sorted by one column. Blank cells go last in both directions; equal
 * cells keep their original order (the sort is stable).
 */
export function sortedOrder(rows: readonly ExtractedRow[], sort: SortState): number[] {
  const order = originalOrder(rows);
  if (!sort) return order;
  const values = rows.map((row) => row[sort.column]);
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return order.sort((left, right) => {
    const a = values[left];
    const b = values[right];
    if (isBlank(a)) return isBlank(b) ? 0 : 1;
    if (isBlank(b)) return -1;
    return sign * compareCells(a, b);
  });
}
