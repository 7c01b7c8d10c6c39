import { writeFile } from 'node:fs/promises';
import type { ColumnDefinition } from '../shared/columns';
import type { ExtractionResult } from '../shared/extraction';
import type { ExportFormat } from '../shared/table-export';
import { documentsJson } from './documents-output';
import { formatBatch, type BatchDocument } from './extract-batch';
import { formatRows } from './format-rows';
import { flaggedCells, formatFlagged, rowsWithCells } from './review-output';

/** `--shape`: the flat view (a row per line item, fields repeated) or each document apart. */
export type OutputShape = 'flat' | 'documents';

export type OutputOptions = {
  format: ExportFormat;
  /** `documents` goes with JSON only. */
  shape: OutputShape;
  out?: string;
  /** `--cells`: JSON output carries each row's cells and the review summary. */
  hasCells: boolean;
  /** `--flagged`: the cells flagged for review, with their reasons, on stderr. */
  isFlagged: boolean;
  /** `--no-bom`: a CSV file written with --out starts without a byte order mark. */
  isBomless: boolean;
};

function report(result: ExtractionResult) {
  const flagged = result.review.flagged > 0 ? `, ${result.review.flagged} flagged for review` : '';
  const cached = result.fromCache
    ? `, from cache (the result of ${result.fromCache.extractedAt}; the model was not called)`
    : '';
  const fieldCount = result.fieldDefinitions.length;
  const found = Object.values(result.fields).filter((value) => value !== null && value !== '');
  // SPEC's fallback is not rows of data: say what the output holds instead.
  const rows =
    result.fallback === 'no_rows' && fieldCount === 0
      ? 'no rows found (the output holds the start of the text instead, not data)'
      : `${result.fallback ? 0 : result.rows.length} rows`;
  const fields = fieldCount > 0 ? `, ${found.length} of ${fieldCount} fields found` : '';
  const summary = `${rows}${fields}, status ${result.status}, ${result.engine}${result.model ? ` (${result.model})` : ''}, ${result.grounding.grounded}/${result.grounding.cells} cells found in the source${flagged}, ${result.timings.totalMs} ms${cached}`;
  console.warn(summary);
  if (result.message) console.warn(result.message);
  for (const warning of result.warnings) console.warn(`Note: ${warning}`);
  for (const check of result.checks)
    if (!check.passed) console.warn(`Check failed: ${check.message}`);
}

async function write(output: string | Uint8Array, out: string | undefined) {
  if (out) await writeFile(out, output);
  else process.stdout.write(output);
}

/**
 * What `rowsmith extract` prints, run locally or on a server alike: one input's rows and its
 * summary, or several inputs as one table (`columns` are the line items'; the fields go in front),
 * or each document apart (`--shape documents`); with `--cells` and `--flagged` the review too.
 * Answers the exit code: 1 when nothing could be extracted.
 */
export async function writeExtraction(
  columns: ColumnDefinition[],
  documents: BatchDocument[],
  options: OutputOptions,
): Promise<number> {
  const isBatch = documents.length > 1;
  const single = documents[0]?.result;
  if (!isBatch && !single) return 1;
  let output: string | Uint8Array;
  // A file is for Excel as much as for programs; standard output goes to a program.
  const csv = { bom: Boolean(options.out) && !options.isBomless };
  if (options.shape === 'documents') output = documentsJson(documents);
  else if (options.hasCells) output = rowsWithCells(columns, documents, isBatch);
  else if (isBatch) output = await formatBatch(columns, documents, options.format, csv);
  else output = await formatRows(single!, options.format, csv);
  await write(output, options.out);
  if (!isBatch) report(single!);
  if (options.isFlagged) console.warn(formatFlagged(flaggedCells(documents, isBatch), isBatch));
  return documents.every((document) => !document.result || document.result.status === 500) ? 1 : 0;
}
