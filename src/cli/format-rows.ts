import type { ExtractionResult } from '../shared/extraction';
import { toCsv, toJson, toXlsx, type ExportFormat } from '../shared/table-export';

/** The rows as CSV (RFC 4180), JSON (an array of row objects) or an XLSX workbook, typed. */
export async function formatRows(
  result: ExtractionResult,
  format: ExportFormat,
): Promise<string | Uint8Array> {
  const table = { columns: result.columns, rows: result.rows };
  if (format === 'json') return toJson(table);
  if (format === 'csv') return toCsv(table);
  return toXlsx(table);
}
