import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './paginate';

/** The rows-per-page size the user chose last, kept in this browser for every result table. */
const KEY = 'rowsmith.rowsPerPage';

export function isPageSize(value: number): value is (typeof PAGE_SIZES)[number] {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

export function readPageSize(): number {
  try {
    const value = Number(localStorage.getItem(KEY));
    return isPageSize(value) ? value : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

export function writePageSize(size: number): void {
  try {
    localStorage.setItem(KEY, String(size));
  } catch {
    // Storage can be full or blocked: the size holds for this table only.
  }
}
