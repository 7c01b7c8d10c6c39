import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';

/** A cell as it counts for de-duplication: text ignores case and surrounding space; blank is undefined. */
function comparable(value: CellValue | undefined): string | number | boolean | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value === 0 ? 0 : value;
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  return text === '' ? undefined : text;
}

/**
 * The identity of a row's values: equal keys mean the same value in every column. Keys are
 * compared in sorted order (or the given columns'), types count (1 is not "1"), and a blank
 * value equals a missing one, since coercion omits blank optional values.
 */
export function rowKey(row: ExtractedRow, columns?: ColumnDefinition[]): string {
  const names = columns ? columns.map((column) => column.name) : Object.keys(row).sort();
  const entries: [string, string | number | boolean][] = [];
  for (const name of names) {
    const value = comparable(Object.hasOwn(row, name) ? row[name] : undefined);
    if (value !== undefined) entries.push([name, value]);
  }
  if (columns) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** Rows of every chunk in document order, each distinct row once (its first occurrence kept). */
export function mergeRows(chunks: ExtractedRow[][]): ExtractedRow[] {
  const seen = new Set<string>();
  const merged: ExtractedRow[] = [];
  for (const row of chunks.flat()) {
    const key = rowKey(row);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(row);
  }
  return merged;
}
