// One way to write a result table in each format, for the command line and the browser alike.
// Rows are written in the order given, with every column, typed as the table holds them.
import type { Workbook } from 'exceljs';
import type { ColumnDefinition } from './columns';
import type { CellValue, ExtractedRow } from './extraction';
import { createSheetNamer } from './sheet-name';

export type ExportTable = { columns: ColumnDefinition[]; rows: ExtractedRow[] };

export const EXPORT_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** A cell as a CSV or TSV file holds it: like `cellText`, with risky text neutralised. */
function delimitedText(value: CellValue | undefined): string {
  return typeof value === 'string' ? neutraliseParts(value) : cellText(value);
}

function csvCell(value: CellValue | undefined): string {
  const text = delimitedText(value);
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180: a header row, CRLF line ends, fields quoted only when they need it (a `;` needs it
 * too, for the locales that separate with it).
 */
export function toCsv({ columns, rows }: ExportTable): string {
  const names = columns.map((column) => column.name);
  const lines = [names.map(csvCell).join(',')];
  for (const row of rows) lines.push(names.map((name) => csvCell(row[name])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Tabs and line breaks inside a cell would start a new cell or row when pasted. */
function tsvCell(value: CellValue | undefined): string {
  return delimitedText(value).replace(/[\t\r\n]+/g, ' ');
}

/** Tab-separated values with a header row: pastes into a spreadsheet as cells. */
export function toTsv({ columns, rows }: ExportTable): string {
  const names = columns.map((column) => column.name);
  const lines = [names.map((name) => tsvCell(name)).join('\t')];
  for (const row of rows) lines.push(names.map((name) => tsvCell(row[name])).join('\t'));
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

/** The value exceljs should write: dates of date columns as real dates (UTC midnight). */
function xlsxValue(column: ColumnDefinition, value: CellValue | undefined): CellValue | Date {
  if (value === undefined || value === null || value === '') return null;
  if (column.type === 'date' && typeof value === 'string' && ISO_DATE.test(value)) {
    const date = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

function columnWidth(table: ExportTable, column: ColumnDefinition): number {
  let widest = column.name.length;
  for (const row of table.rows) widest = Math.max(widest, cellText(row[column.name]).length);
  return Math.min(Math.max(widest + 2, 10), 60);
}

function addSheet(workbook: Workbook, name: string, table: ExportTable) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(table.columns.map((column) => neutraliseFormula(column.name))).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(table.columns.map((column) => xlsxValue(column, row[column.name])));
  }
  table.columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = columnWidth(table, column);
    if (column.type === 'date') sheetColumn.numFmt = 'yyyy-mm-dd';
  });
}

/**
 * An XLSX workbook: a bold header row, numbers and booleans typed, date columns as dates shown
 * yyyy-mm-dd; one sheet, then one more per entry of `sheets` (a job's documents). exceljs is
 * loaded on first use, so a browser fetches it only when someone asks for a workbook.
 */
export async function toXlsx(
  table: ExportTable,
  options: { sheetName?: string; sheets?: { name: string; table: ExportTable }[] } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheetName = createSheetNamer();
  addSheet(workbook, sheetName(options.sheetName ?? 'Extraction'), table);
  for (const extra of options.sheets ?? []) addSheet(workbook, sheetName(extra.name), extra.table);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
