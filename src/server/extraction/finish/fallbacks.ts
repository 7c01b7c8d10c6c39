import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';

/** SPEC.md section 8: the hint built when no rows are found. */
export const NO_ROWS_HINT =
  'No rows matching your columns were found. Try column names that describe what the content holds, for example event, date, description for a list of events, or product, price, currency for a price list.';

const SNIPPET_LENGTH = 500;
const PARAGRAPH_LENGTH = 100;
const MAX_PARAGRAPHS = 10;

function emptyRow(columns: ColumnDefinition[]): ExtractedRow {
  return Object.fromEntries(columns.map((column) => [column.name, '']));
}

/**
 * No rows found (SPEC.md section 8): with several paragraphs, up to 10 of them cut to 100
 * characters, one per row; otherwise the first 500 characters; always in the first column.
 */
export function noRowsFallback(text: string, columns: ColumnDefinition[]): ExtractedRow[] {
  const first = columns[0]?.name ?? 'content';
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  if (paragraphs.length > 1) {
    return paragraphs
      .slice(0, MAX_PARAGRAPHS)
      .map((paragraph) => ({ [first]: paragraph.slice(0, PARAGRAPH_LENGTH) }));
  }
  return [{ [first]: text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH) }];
}

/** 'Failed to process content' (SPEC.md section 8): one empty row per column. */
export function errorFallback(columns: ColumnDefinition[]): ExtractedRow[] {
  return columns.map(() => emptyRow(columns));
}
