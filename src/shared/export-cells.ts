// A table as an export holds it, cell by cell, for every format: text, and text a spreadsheet
// could run as a formula made harmless.
import type { ColumnDefinition } from './columns';
import type { CellValue, ExtractedRow } from './extraction';
import type { ColumnDecimals } from './number-decimals';

export type ExportTable = {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  /** Per number column, the decimals its values have in the source (number-decimals.ts). */
  decimals?: ColumnDecimals | undefined;
};

/** A cell as text, the way the table shows it: null is empty, booleans are true/false. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

// OWASP's CSV injection guidance: a text cell starting with one of these is run as a formula by
// spreadsheets. Text that is only a signed number cannot be one, so bank amounts stay readable.
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)*|[.,]\d+)$/;

/** Text a spreadsheet could run as a formula gets a leading apostrophe, which makes it text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

// A program that splits a cell on a separator (`;` in locales with a decimal comma, a remembered
// "text to columns" choice on paste) makes each part a cell of its own, so the text after any
// separator is judged like a cell's start.
const SEPARATED_PART = /([;,\t] *)([^;,\t]+)/g;

/** `neutraliseFormula`, applied also to each part of the text after a separator. */
export function neutraliseParts(text: string): string {
  return neutraliseFormula(text).replace(
    SEPARATED_PART,
    (_, separator: string, part: string) => separator + neutraliseFormula(part),
  );
}
