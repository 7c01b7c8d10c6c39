// The words of rule checks: names as people read them, numbers with the decimals the document
// writes them with, lists of lines.
import type { CellValue } from '../../../shared/extraction';
import { fixedNumber, MAX_DECIMALS, valueDecimals } from '../../../shared/number-decimals';

/** "invoice_number" → "invoice number"; "Amount (EUR)" stays as it is. */
export function label(name: string): string {
  return name.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "amount" → "line amounts", "line_total" → "line totals"; null when the name is no plain noun. */
export function linePlural(name: string): string | null {
  const words = label(name).toLowerCase();
  if (!/^[a-z]+(?: [a-z]+){0,2}$/.test(words)) return null;
  const plural = /[^aeiou]y$/.test(words)
    ? `${words.slice(0, -1)}ies`
    : /(?:s|x|z|ch|sh)$/.test(words)
      ? `${words}es`
      : `${words}s`;
  return plural.startsWith('line') ? plural : `line ${plural}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The decimals to show numbers with: the document's, or the most the numbers have (at most 6). */
export function shownDecimals(known: readonly (number | undefined)[], values: readonly number[]) {
  const written = values.map((value) => Math.min(valueDecimals(value), 6));
  const all = [...known.filter((decimals) => decimals !== undefined), ...written];
  return Math.min(MAX_DECIMALS, Math.max(0, ...all));
}

export function showNumber(value: number, decimals: number): string {
  return fixedNumber(value, decimals);
}

/** A value as a message quotes it: “abc”. */
export function quoted(value: CellValue): string {
  return `“${String(value)}”`;
}

/** [2, 5] (row indexes) → "lines 3 and 6"; more than six are cut: "lines 1, 2, 3, 4, 5, 6 and 4 more". */
export function linesText(rows: readonly number[]): string {
  const numbers = rows.map((row) => String(row + 1));
  if (numbers.length === 1) return `line ${numbers[0]}`;
  const shown =
    numbers.length > 6 ? [...numbers.slice(0, 6), `${numbers.length - 6} more`] : numbers;
  return `lines ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/** An empty cell: no value, or only spaces. */
export function isBlank(value: CellValue | undefined): value is null | undefined | '' {
  return (
    value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
  );
}
