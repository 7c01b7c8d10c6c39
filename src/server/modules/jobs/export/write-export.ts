import type { CombinedTable } from '../../../../shared/combined-table';
import { rowObjects, toCsv, type ExportFormat } from '../../../../shared/table-export';
import { writeXlsxStream } from './write-xlsx-stream';

/** A job's table as a file in `format`: JSON `{ columns, rows }`, CSV, or XLSX with a sheet per document. */
export async function writeExport(table: CombinedTable, format: ExportFormat): Promise<Uint8Array> {
  if (format === 'xlsx')
    return writeXlsxStream(table, { sheetName: 'All documents', sheets: table.documents });
  const text =
    format === 'csv'
      ? toCsv(table)
      : JSON.stringify({ columns: table.columns, rows: rowObjects(table) });
  return new TextEncoder().encode(text);
}
