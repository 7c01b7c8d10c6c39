import { rowObjects, toCsv, type ExportFormat } from '../../../../shared/table-export';
import type { JobTable } from '../job-table';
import { writeXlsxStream } from './write-xlsx-stream';

/**
 * A job's table as a file in `format`: JSON `{ columns, rows, cells, origins, review }`, CSV, or
 * XLSX with a sheet per document.
 */
export async function writeExport(table: JobTable, format: ExportFormat): Promise<Uint8Array> {
  if (format === 'xlsx')
    return writeXlsxStream(table, { sheetName: 'All documents', sheets: table.documents });
  if (format === 'csv') return new TextEncoder().encode(toCsv(table));
  const { columns, cells, origins, review } = table;
  const json = JSON.stringify({ columns, rows: rowObjects(table), cells, origins, review });
  return new TextEncoder().encode(json);
}
