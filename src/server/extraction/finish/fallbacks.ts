import type { ColumnDefinition } from '../../../shared/columns';
import type {
  ExtractedRow,
  ExtractionResult,
  ExtractionStatus,
  FallbackKind,
} from '../../../shared/extraction';

/** SPEC.md section 8: the hint built when no rows are found. */
export const NO_ROWS_HINT =
  'No rows matching your columns were found. Try column names that describe what the content holds, for example event, date, description for a list of events, or product, price, currency for a price list.';

/** The hint when a run asked only for fields and none was found. */
export const NO_FIELDS_HINT =
  'None of the fields asked for was found. Try field names as the document labels them, for example invoice number, date, total, or add instructions to a field.';

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

/** Which fallback stands in for rows: a 500's empty rows, a 207's text when no row was found. */
export function fallbackKindOf(status: ExtractionStatus, dataRows: number): FallbackKind | null {
  if (status === 500) return 'error';
  return dataRows === 0 ? 'no_rows' : null;
}

/**
 * The fallback of a result stored before results said so: a 500's, or a 207 that carries the
 * no-rows hint (added exactly when no row was found).
 */
export function storedFallbackKind(
  result: Pick<ExtractionResult, 'status' | 'warnings'> & { fallback?: FallbackKind | null },
): FallbackKind | null {
  if (result.fallback !== undefined) return result.fallback;
  if (result.status === 500) return 'error';
  return result.status === 207 && result.warnings.includes(NO_ROWS_HINT) ? 'no_rows' : null;
}
