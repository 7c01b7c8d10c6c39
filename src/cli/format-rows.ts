import type { ExtractionResult } from '../shared/extraction';
import { documentTable } from '../shared/combined-table';
import { toCsv, toJson, toXlsx, type CsvOptions, type ExportFormat } from '../shared/table-export';

/**
 * The rows as CSV (RFC 4180, numbers with their source decimals, a byte order mark when `bom`),
 * JSON (an array of row objects) or an XLSX workbook, typed; with fields, the flat view (each
 * line item with the document's fields in front).
 */
export async function formatRows(
  result: ExtractionResult,
  format: ExportFormat,
  csv: CsvOptions,
): Promise<string | Uint8Array> {
  // Without fields, the rows as they are: a 207's or 500's stand-in rows too (SPEC's fallback).
  const table =
    result.fieldDefinitions.length > 0
      ? documentTable(result.columns, result)
      : { columns: result.columns, rows: result.rows, decimals: result.decimals };
  if (format === 'json') return toJson(table);
  if (format === 'csv') return toCsv(table, csv);
  return toXlsx(table);
}
