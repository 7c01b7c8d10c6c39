// How a table becomes a worksheet, for every XLSX writer: the browser's and the command line's
// workbook in memory (table-export.ts) and the server's streamed one. Both fill their sheets here.
import type { AddWorksheetOptions, Worksheet } from 'exceljs';
import type { ColumnDefinition } from './columns';
import type { CellValue } from './extraction';
import { createSheetNamer } from './sheet-name';
import { cellText, neutraliseFormula, type ExportTable } from './export-cells';
import { cellDecimals, decimalsFormat, exportDecimals } from './number-decimals';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every sheet keeps its header row in view. */
export const SHEET_OPTIONS: Partial<AddWorksheetOptions> = {
  views: [{ state: 'frozen', ySplit: 1 }],
};

export type SheetsOptions = { sheetName?: string; sheets?: { name: string; table: ExportTable }[] };

/** The workbook's sheets in order, each with a valid, distinct name: the table, then `sheets`. */
export function workbookSheets(
  table: ExportTable,
  options: SheetsOptions,
): { name: string; table: ExportTable }[] {
  const sheetName = createSheetNamer();
  return [{ name: options.sheetName ?? 'Extraction', table }, ...(options.sheets ?? [])].map(
    (sheet) => ({ name: sheetName(sheet.name), table: sheet.table }),
  );
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

/** Dates shown yyyy-mm-dd; a number column's numbers with its decimals (0.00), not General. */
export function columnNumFmt(
  column: ColumnDefinition,
  decimals: number | undefined,
): string | null {
  if (column.type === 'date') return 'yyyy-mm-dd';
  if (column.type === 'number' && decimals !== undefined) return decimalsFormat(decimals);
  return null;
}

/** A number with more decimals than its column's (a correction): a format of its own, or null. */
export function ownNumFmt(
  value: CellValue | undefined,
  decimals: number | undefined,
): string | null {
  if (typeof value !== 'number' || decimals === undefined) return null;
  const own = cellDecimals(value, decimals);
  return own > decimals ? decimalsFormat(own) : null;
}

function columnWidth(table: ExportTable, column: ColumnDefinition): number {
  let widest = column.name.length;
  for (const row of table.rows) widest = Math.max(widest, cellText(row[column.name]).length);
  return Math.min(Math.max(widest + 2, 10), 60);
}

/**
 * Fills a sheet: the columns' widths and formats first (the cells added after take them, and a
 * streamed sheet writes them before its first row), then a bold header row and the rows: numbers
 * and booleans typed, date columns as dates shown yyyy-mm-dd, number columns with their source
 * decimals (0.00), a number with more of its own with a format of its own. A streamed sheet
 * (`isStreamed`) sends each row on as it is added.
 */
export function fillSheet(sheet: Worksheet, table: ExportTable, isStreamed = false): void {
  const decimals = exportDecimals(table);
  sheet.columns = table.columns.map((column) => {
    const numFmt = columnNumFmt(column, decimals.get(column.name));
    return { width: columnWidth(table, column), ...(numFmt ? { style: { numFmt } } : {}) };
  });
  const header = sheet.addRow(table.columns.map((column) => neutraliseFormula(column.name)));
  header.font = { bold: true };
  if (isStreamed) header.commit();
  for (const row of table.rows) {
    const added = sheet.addRow(table.columns.map((column) => xlsxValue(column, row[column.name])));
    table.columns.forEach((column, index) => {
      const numFmt = ownNumFmt(row[column.name], decimals.get(column.name));
      if (numFmt) added.getCell(index + 1).numFmt = numFmt;
    });
    if (isStreamed) added.commit();
  }
}
