// How a table becomes a worksheet, for every XLSX writer: the browser's and the command line's
// workbook in memory (table-export.ts) and the server's streamed one. Both fill their sheets here.
import type { AddWorksheetOptions, Worksheet } from 'exceljs';
import type { ColumnDefinition } from './columns';
import type { CellValue } from './extraction';
import { createSheetNamer } from './sheet-name';
import { cellText, neutraliseFormula, type ExportTable } from './export-cells';

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

function columnWidth(table: ExportTable, column: ColumnDefinition): number {
  let widest = column.name.length;
  for (const row of table.rows) widest = Math.max(widest, cellText(row[column.name]).length);
  return Math.min(Math.max(widest + 2, 10), 60);
}

/**
 * Fills a sheet: the columns' widths and formats first (a streamed sheet writes them before its
 * first row), then a bold header row and the rows: numbers and booleans typed, date columns as
 * dates shown yyyy-mm-dd. A streamed sheet (`isStreamed`) sends each row on as it is added.
 */
export function fillSheet(sheet: Worksheet, table: ExportTable, isStreamed = false): void {
  sheet.columns = table.columns.map((column) => ({
    width: columnWidth(table, column),
    ...(column.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  const header = sheet.addRow(table.columns.map((column) => neutraliseFormula(column.name)));
  header.font = { bold: true };
  if (isStreamed) header.commit();
  for (const row of table.rows) {
    const added = sheet.addRow(table.columns.map((column) => xlsxValue(column, row[column.name])));
    if (isStreamed) added.commit();
  }
}
