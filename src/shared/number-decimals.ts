// How many decimals a number column is written with (issue 20 point 9). A number column's values
// are numbers (12.50 is 12.5), so the extraction keeps, per column, the most decimals its values
// had in the source; exports write every number of the column with that many (CSV text 12.50,
// an XLSX number format 0.00). A value with more decimals of its own (a correction of 12.345)
// keeps them, in that cell only: an export never rounds a value away.
import type { ColumnDefinition } from './columns';

/** Per number column: the decimals its values are written with in the source. */
export type ColumnDecimals = Readonly<Record<string, number>>;

/** More than this is not a written decimal but a computed one; JavaScript prints it as it is. */
export const MAX_DECIMALS = 20;

/** The decimals a number has as JavaScript writes it: 12.5 → 1, 3 → 0, 1e-7 → 7. */
export function valueDecimals(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const match = /^-?\d+(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) return 0;
  const fraction = match[1]?.length ?? 0;
  const exponent = Number(match[2] ?? 0);
  return Math.min(MAX_DECIMALS, Math.max(0, fraction - exponent));
}

/** Several tables' decimals as one (a batch's documents): the most for each column. */
export function mergeDecimals(
  parts: readonly (ColumnDecimals | null | undefined)[],
): ColumnDecimals {
  const merged: Record<string, number> = {};
  for (const part of parts) {
    for (const [name, decimals] of Object.entries(part ?? {})) {
      if (!Object.hasOwn(merged, name) || decimals > merged[name]!)
        Object.defineProperty(merged, name, {
          value: decimals,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
  }
  return merged;
}

/**
 * The decimals each number column of a table is exported with: those it has in the source. A
 * column whose source decimals are not known (a result made before they were kept) has none: its
 * numbers are written as they are.
 */
export function exportDecimals(table: {
  columns: readonly ColumnDefinition[];
  decimals?: ColumnDecimals | undefined;
}): Map<string, number> {
  const result = new Map<string, number>();
  const known = table.decimals ?? {};
  for (const column of table.columns) {
    if (column.type !== 'number' || !Object.hasOwn(known, column.name)) continue;
    result.set(column.name, Math.min(MAX_DECIMALS, known[column.name] ?? 0));
  }
  return result;
}

/** A value's decimals in its column: the column's, or more when it has more of its own. */
export function cellDecimals(value: number, columnDecimals: number): number {
  return Math.max(columnDecimals, valueDecimals(value));
}

/** A number with exactly `decimals` decimals, a '.' and no thousands separators: 12.5 → "12.50". */
export function fixedNumber(value: number, decimals: number): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const text = value.toFixed(decimals);
  // -0.00 is written 0.00.
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

/** The XLSX number format showing `decimals` decimals: 0 → "0", 2 → "0.00". */
export function decimalsFormat(decimals: number): string {
  return decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
}
