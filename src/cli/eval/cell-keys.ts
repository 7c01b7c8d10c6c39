import type { ColumnType } from '../../shared/column-types';
import type { CellValue } from '../../shared/extraction';
import { coerceValue } from '../../server/extraction/coerce';

/**
 * The form two cells are compared in: the same value written two ways ("1,234.50" and 1234.5,
 * "31/03/2024" and 2024-03-31, "Coffee  House" and "coffee house") has one key; blank is "".
 */
export function cellKey(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  if (typeof value === 'boolean') return String(value);
  return value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A reference cell's key: coerced to its column's type like an extracted value, else its text. */
export function referenceKey(raw: string | undefined, type: ColumnType): string {
  const text = raw ?? '';
  if (!text.trim()) return '';
  const coerced = coerceValue(text, type);
  return coerced === null ? cellKey(text) : cellKey(coerced);
}
