import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../../shared/extraction';

/** How a number column is shown: one count of decimals for the whole column, grouped or not. */
export type NumberFormat = { decimals: number; isGrouped: boolean };

/** More decimals than this are rounded on screen (downloads keep the exact value). */
export const MAX_SHOWN_DECIMALS = 10;

const YEAR_NAME = /year/i;

/** The decimals a number needs to be written exactly: 2 for -566.79, 0 for 1883. */
export function valueDecimals(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(Math.max(fraction - Number(exponent), 0), MAX_SHOWN_DECIMALS);
}

/**
 * The decimals the source wrote a value with: 2 for "-1,883.70" (read as -1883.7) or "12,00"
 * (12). Null when the text does not end in that value's digits after a decimal separator, as
 * "1,883" read as 1883, whose comma groups thousands.
 */
export function sourceDecimals(text: string, value: number): number | null {
  const match = /(\d[\d\s,.'’]*?)[.,](\d+)\D*$/.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/\D/g, '');
  const fraction = match[2] ?? '';
  const written = Number(`${whole}.${fraction}`);
  const magnitude = Math.abs(value);
  // A percentage is stored divided by 100 ("12.50%" is 0.125).
  const isSame = (candidate: number) =>
    Math.abs(candidate - magnitude) <= 1e-9 * Math.max(1, magnitude);
  if (!isSame(written) && !isSame(written / 100)) return null;
  return Math.min(fraction.length, MAX_SHOWN_DECIMALS);
}

/**
 * Years read better without a thousands separator: 2026, not 2,026. A column shown with decimals
 * holds no years, so an amount of 1250.00 keeps its separator like 1,356.25 beside it.
 */
function looksLikeYears(column: ColumnDefinition, values: number[], decimals: number): boolean {
  if (YEAR_NAME.test(column.name)) return true;
  return (
    decimals === 0 &&
    values.length > 0 &&
    values.every((value) => Number.isInteger(value) && value >= 1000 && value <= 2999)
  );
}

/**
 * Each number column's format: as many decimals as its most precise value, in the source where
 * the source is known (`sourceOf` answers the text a cell was found in), so -1883.7 beside
 * -566.79 shows as -1,883.70.
 */
export function numberFormats(
  columns: readonly ColumnDefinition[],
  rows: readonly ExtractedRow[],
  sourceOf?: (index: number, column: string) => string | null,
): Record<string, NumberFormat> {
  const formats: Record<string, NumberFormat> = {};
  for (const column of columns) {
    if (column.type !== 'number') continue;
    let decimals = 0;
    const values: number[] = [];
    rows.forEach((row, index) => {
      const value = row[column.name];
      if (typeof value !== 'number') return;
      values.push(value);
      const source = sourceOf?.(index, column.name);
      const written = source ? sourceDecimals(source, value) : null;
      decimals = Math.max(decimals, valueDecimals(value), written ?? 0);
    });
    formats[column.name] = { decimals, isGrouped: !looksLikeYears(column, values, decimals) };
  }
  return formats;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor({ decimals, isGrouped }: NumberFormat): Intl.NumberFormat {
  const key = `${decimals}:${isGrouped}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: isGrouped,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A cell as the table shows it: numbers of a number column in the column's format. */
export function displayText(value: CellValue | undefined, format: NumberFormat | undefined) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && format) return formatterFor(format).format(value);
  return String(value);
}
