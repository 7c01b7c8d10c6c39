import type { ExtractionResult } from '../shared/extraction';
import { toCsv, toJson, toXlsx, type CsvOptions, type ExportFormat } from '../shared/table-export';
import { flatColumns, flatRows } from './flat-table';

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
  const table = {
    columns: flatColumns({ fields: result.fieldDefinitions, columns: result.columns }),
    rows: result.fieldDefinitions.length > 0 ? flatRows(result) : result.rows,
    decimals: result.decimals,
  };
  if (format === 'json') return toJson(table);
  if (format === 'csv') return toCsv(table, csv);
  return toXlsx(table);
}
