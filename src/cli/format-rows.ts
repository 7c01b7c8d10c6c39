import ExcelJS from 'exceljs';
import type { CellValue, ExtractionResult } from '../shared/extraction';

export type OutputFormat = 'csv' | 'json' | 'xlsx';

function csvCell(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV (RFC 4180), JSON (an array of row objects) or an XLSX workbook, typed. */
export async function formatRows(
  result: ExtractionResult,
  format: OutputFormat,
): Promise<string | Uint8Array> {
  const names = result.columns.map((column) => column.name);
  if (format === 'json') return `${JSON.stringify(result.rows, null, 2)}\n`;
  if (format === 'csv') {
    const lines = [names, ...result.rows.map((row) => names.map((name) => row[name]))];
    return `${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Extraction');
  sheet.addRow(names).font = { bold: true };
  for (const row of result.rows) {
    sheet.addRow(
      result.columns.map((column) => {
        const value = row[column.name];
        if (
          column.type === 'date' &&
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}$/.test(value)
        ) {
          return new Date(`${value}T00:00:00Z`);
        }
        return value ?? null;
      }),
    );
  }
  result.columns.forEach((column, index) => {
    if (column.type === 'date') sheet.getColumn(index + 1).numFmt = 'yyyy-mm-dd';
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
