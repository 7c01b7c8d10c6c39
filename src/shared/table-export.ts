// One way to write a result table in each format, for the command line and the browser alike.
// Rows are written in the order given, with every column, typed as the table holds them.
import type { CellValue, ExtractedRow } from './extraction';
import { cellText, neutraliseParts, type ExportTable } from './export-cells';
import { cellDecimals, exportDecimals, fixedNumber } from './number-decimals';
import { fillSheet, SHEET_OPTIONS, workbookSheets, type SheetsOptions } from './xlsx-sheet';

export { cellText, neutraliseFormula, neutraliseParts, type ExportTable } from './export-cells';
export { columnNumFmt, ownNumFmt } from './xlsx-sheet';

/**
 * The byte order mark that tells Excel a CSV file is UTF-8 (without it, Excel reads it in the
 * computer's legacy code page and "Müller" becomes "MÃ¼ller"). Programs reading CSV may ask for
 * a file without it; text copied to the clipboard never has one.
 */
export const UTF8_BOM = '\uFEFF';

export type CsvOptions = {
  /** Start with UTF8_BOM; true unless a program asked otherwise. */ bom?: boolean;
};

export const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A cell as a CSV or TSV file holds it: like `cellText`, with risky text neutralised. */
function delimitedText(value: CellValue | undefined): string {
  return typeof value === 'string' ? neutraliseParts(value) : cellText(value);
}

function csvCell(value: CellValue | undefined, decimals?: number): string {
  if (typeof value === 'number' && decimals !== undefined)
    return fixedNumber(value, cellDecimals(value, decimals));
  const text = delimitedText(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180: a header row, CRLF line ends, fields quoted only when they need it (a `;` needs it
 * too, for the locales that separate with it); numbers of a number column with the decimals it
 * has in the source (12.50), without thousands separators. Starts with a byte order mark unless
 * `bom` is false.
 */
export function toCsv(table: ExportTable, { bom = true }: CsvOptions = {}): string {
  const names = table.columns.map((column) => column.name);
  const decimals = exportDecimals(table);
  const lines = [names.map((name) => csvCell(name)).join(',')];
  for (const row of table.rows)
    lines.push(names.map((name) => csvCell(row[name], decimals.get(name))).join(','));
  return `${bom ? UTF8_BOM : ''}${lines.join('\r\n')}\r\n`;
}

/** Tabs and line breaks inside a cell would start a new cell or row when pasted. */
function tsvCell(value: CellValue | undefined, decimals?: number): string {
  if (typeof value === 'number' && decimals !== undefined)
    return fixedNumber(value, cellDecimals(value, decimals));
  return delimitedText(value).replace(/[\t\r\n]+/g, ' ');
}

/**
 * Tab-separated values with a header row: pastes into a spreadsheet as cells, numbers with the
 * decimals they have in the source (12.50), as the table shows them and the CSV has them.
 */
export function toTsv(table: ExportTable): string {
  const names = table.columns.map((column) => column.name);
  const decimals = exportDecimals(table);
  const lines = [names.map((name) => tsvCell(name)).join('\t')];
  for (const row of table.rows)
    lines.push(names.map((name) => tsvCell(row[name], decimals.get(name))).join('\t'));
  return lines.join('\n');
}

/** Each row with every column key, in column order; blanks are null. */
export function rowObjects({ columns, rows }: ExportTable): ExtractedRow[] {
  return rows.map((row) => {
    const object: ExtractedRow = {};
    for (const column of columns) object[column.name] = row[column.name] ?? null;
    return object;
  });
}

/** A JSON array of row objects, numbers and booleans as themselves. */
export function toJson(table: ExportTable): string {
  return `${JSON.stringify(rowObjects(table), null, 2)}\n`;
}

/**
 * An XLSX workbook: a bold header row, numbers and booleans typed, date columns as dates shown
 * yyyy-mm-dd, number columns with a number format of their decimals (0.00); one sheet, then one
 * more per entry of `sheets` (a job's documents). exceljs is loaded on first use, so a browser
 * fetches it only when someone asks for a workbook.
 */
export async function toXlsx(
  table: ExportTable,
  options: SheetsOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  for (const sheet of workbookSheets(table, options))
    fillSheet(workbook.addWorksheet(sheet.name, SHEET_OPTIONS), sheet.table);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
