import {
  rowObjects,
  toCsv,
  type CsvOptions,
  type ExportFormat,
} from '../../../../shared/table-export';
import type { JobTable } from '../job-table';
import { writeXlsxStream } from './write-xlsx-stream';

/**
 * A job's table as a file in `format`: JSON `{ columns, rows, decimals, cells, origins, review }`,
 * CSV (with a byte order mark unless `bom` is false), or XLSX with the table's sheets after it:
 * one per document, or Documents and Items when the job has fields (combined-table.ts).
 */
export async function writeExport(
  table: JobTable,
  format: ExportFormat,
  { bom }: CsvOptions = {},
): Promise<Uint8Array> {
  if (format === 'xlsx')
    return writeXlsxStream(table, { sheetName: 'All documents', sheets: table.sheets });
  if (format === 'csv') return new TextEncoder().encode(toCsv(table, { bom }));
  const { columns, cells, origins, review } = table;
  const decimals = table.decimals ?? {};
  const json = JSON.stringify({
    columns,
    rows: rowObjects(table),
    decimals,
    cells,
    origins,
    review,
  });
  return new TextEncoder().encode(json);
}
