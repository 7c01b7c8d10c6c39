import { basename } from 'node:path';
import pLimit from 'p-limit';
import type { ColumnDefinition } from '../shared/columns';
import { combineTables, flatRows } from '../shared/combined-table';
import { AppError } from '../shared/errors';
import type { ExtractionResult } from '../shared/extraction';
import { toCsv, toJson, toXlsx, type CsvOptions, type ExportFormat } from '../shared/table-export';
import type { InputSource } from '../server/extraction/ingest/fetch-source';
import { sourceFromArgument } from './read';

export type BatchDocument = { name: string; result: ExtractionResult | null };

/** What a row's `source` says: the file's name, or the address as given. */
export function nameOf(argument: string): string {
  return /^https?:\/\//i.test(argument) || argument === '-' ? argument : basename(argument);
}

/** A document's line: its rows, or why it adds none to the table; its failed checks after it. */
function documentLine(result: ExtractionResult): string {
  const failed = result.checks.filter((check) => !check.passed);
  const checks = failed.map((check) => `\n  check failed: ${check.message}`).join('');
  if (result.fallback === 'no_rows' && result.fieldDefinitions.length === 0)
    return `no rows found, status ${result.status}; left out of the table`;
  const rows = flatRows(result, result.fieldDefinitions).length;
  return `${rows} rows, status ${result.status}${checks}`;
}

/**
 * Runs each input locally, `concurrency` at a time, reporting each on stderr as it ends; a
 * document that fails is reported and left out of the table, the others go on.
 */
export async function runBatch(
  targets: string[],
  run: (source: InputSource) => Promise<ExtractionResult>,
  concurrency: number,
): Promise<BatchDocument[]> {
  const limit = pLimit(concurrency);
  return Promise.all(
    targets.map((target) =>
      limit(async (): Promise<BatchDocument> => {
        const name = nameOf(target);
        try {
          const result = await run(await sourceFromArgument(target));
          console.warn(`${name}: ${documentLine(result)}`);
          return { name, result };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          console.warn(`${name}: ${error.message}`);
          return { name, result: null };
        }
      }),
    ),
  );
}

/**
 * The batch as one table, the flat view: a first `source` column, the documents' fields, then
 * `columns`; an XLSX adds a sheet per input, or with fields the Documents and Items sheets.
 */
export async function formatBatch(
  columns: ColumnDefinition[],
  batch: BatchDocument[],
  format: ExportFormat,
  csv: CsvOptions,
): Promise<string | Uint8Array> {
  const table = combineTables(columns, batch);
  if (format === 'json') return toJson(table);
  if (format === 'csv') return toCsv(table, csv);
  return toXlsx(table, { sheetName: 'All documents', sheets: table.sheets });
}
