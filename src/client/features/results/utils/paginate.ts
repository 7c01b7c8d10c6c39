import { showingSummary } from '../../../lib/showing-summary';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
/** Issue 20 point 19: a page of 25 rows unless the user chose another size (page-size.ts). */
export const DEFAULT_PAGE_SIZE = 25;

/** How many pages `total` rows fill; an empty table still has its one (empty) page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A 1-based page number that exists, for when rows went away or the page size grew. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

/** The items of one page, without touching the rest. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (clampPage(page, items.length, pageSize) - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

/** 'Showing 1–10 of 57 rows': what the page really shows (an en dash between the bounds). */
export function pageStatus(page: number, pageSize: number, total: number): string {
  const offset = (clampPage(page, total, pageSize) - 1) * pageSize;
  return showingSummary(offset, Math.min(pageSize, total - offset), total, 'row');
}
