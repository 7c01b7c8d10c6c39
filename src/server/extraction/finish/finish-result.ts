import type { ColumnDefinition } from '../../../shared/columns';
import {
  NOTICE_ERROR,
  NOTICE_PARTIAL,
  type ExtractedRow,
  type ExtractionResult,
  type ExtractionStatus,
} from '../../../shared/extraction';
import { coerceRow } from '../coerce';
import { offlineExtract } from '../extract/offline-extract';
import { reviewCells, unreviewedCells } from '../review/review-cells';
import { locateEvidence, locatorCache, type LocatorLookup } from './evidence';
import { buildTextIndex, type TextIndex } from './evidence-index';
import { columnDecimals } from './column-decimals';
import { errorFallback, fallbackKindOf, NO_ROWS_HINT, noRowsFallback } from './fallbacks';
import { rowKey } from './merge';
import type { RawRows } from './raw-rows';
import type { ServerDocument } from '../read/types';

const INVALID_FORMAT = 'Invalid response format from data extraction';
const NOT_EXTRACTED = 'Failed to extract structured data from the content';
const FAILED = 'Failed to process content';

/**
 * Coerces and de-duplicates in document order, keeping each kept row's raw values (for evidence
 * and review) and the model's certainty of them.
 */
function mergeCoerced(raw: RawRows, columns: ColumnDefinition[]) {
  const seen = new Set<string>();
  const rows: ExtractedRow[] = [];
  const raws: Record<string, unknown>[] = [];
  const certainty: (Record<string, number> | undefined)[] = [];
  raw.rows.forEach((rawRow, index) => {
    const row = coerceRow(rawRow, columns);
    const isEmpty = columns.every((column) => row[column.name] == null || row[column.name] === '');
    const key = rowKey(row, columns);
    if (isEmpty || seen.has(key)) return;
    seen.add(key);
    rows.push(row);
    raws.push(rawRow);
    certainty.push(raw.certainty?.[index]);
  });
  return { rows, raws, certainty };
}

/** What the offline extractor reads of the same document, to compare a model's rows with. */
function offlineReading(
  options: { document: ServerDocument; columns: ColumnDefinition[] },
  shared: { index: TextIndex; lookup: LocatorLookup },
) {
  const offline = offlineExtract(options);
  if (offline.rows.length === 0) return null;
  const rows = offline.rows.map((row) => coerceRow(row, options.columns));
  const { evidence } = locateEvidence({ ...options, ...shared, rows, rawRows: offline.rows });
  return { rows, evidence };
}

function statusOf(
  raw: RawRows,
  rowCount: number,
): { status: ExtractionStatus; message: string | null } {
  if (
    raw.engine === 'model' &&
    raw.chunks.length > 0 &&
    raw.failures.length === raw.chunks.length
  ) {
    return { status: 500, message: FAILED };
  }
  if (rowCount === 0)
    return { status: 207, message: raw.invalidFormat ? INVALID_FORMAT : NOT_EXTRACTED };
  if (raw.invalidFormat) return { status: 207, message: INVALID_FORMAT };
  if (raw.failures.length > 0) return { status: 207, message: NOT_EXTRACTED };
  return { status: 200, message: null };
}

function warningsOf(raw: RawRows, rowCount: number, status: ExtractionStatus): string[] {
  const warnings = [...raw.warnings, ...new Set(raw.failures)];
  if (raw.cutShort > 0) {
    warnings.push(
      `The answer for ${raw.cutShort} part(s) was still being cut off after the last continuation; some rows may be missing.`,
    );
  }
  if (status !== 500 && rowCount > 0 && raw.sourceRowCount > rowCount) {
    warnings.push(
      `The source has a table with ${raw.sourceRowCount} rows, but ${rowCount} rows were extracted.`,
    );
  }
  if (status === 207 && rowCount === 0) warnings.push(NO_ROWS_HINT);
  return warnings;
}

/** Merge, coerce, evidence, status and fallbacks: the end of every run, model or offline. */
export function finishResult(options: {
  document: ServerDocument;
  columns: ColumnDefinition[];
  raw: RawRows;
  modelName: string | null;
  /** Cells below this confidence are flagged for review. */
  reviewThreshold: number;
}): Omit<ExtractionResult, 'timings'> {
  const { document, columns, raw } = options;
  const merged = mergeCoerced(raw, columns);
  const { status, message } = statusOf(raw, merged.rows.length);
  let rows = merged.rows;
  if (status === 500) rows = errorFallback(columns);
  else if (rows.length === 0) rows = noRowsFallback(document.markdown, columns);
  const isData = rows === merged.rows;
  const shared = {
    index: buildTextIndex(document.markdown, document.segments),
    lookup: locatorCache(),
  };
  const located = locateEvidence({
    document,
    rows,
    rawRows: isData ? merged.raws : undefined,
    columns,
    ...shared,
  });
  const reviewed = isData
    ? reviewCells({
        document,
        ...shared,
        columns,
        rows,
        raws: merged.raws,
        evidence: located.evidence,
        certainty: merged.certainty,
        offline: raw.engine === 'model' ? offlineReading({ document, columns }, shared) : null,
        threshold: options.reviewThreshold,
      })
    : unreviewedCells(columns, located.evidence);
  const decimals = isData
    ? columnDecimals({
        columns,
        rows,
        raws: merged.raws,
        evidence: located.evidence,
        sourceText: document.markdown,
      })
    : {};
  return {
    status,
    rows,
    columns,
    decimals,
    notice: status === 200 ? null : status === 207 ? NOTICE_PARTIAL : NOTICE_ERROR,
    message,
    warnings: warningsOf(raw, merged.rows.length, status),
    fallback: fallbackKindOf(status, merged.rows.length),
    cells: reviewed.cells,
    fieldDefinitions: [],
    fields: {},
    fieldCells: {},
    checks: [],
    review: reviewed.review,
    grounding: located.grounding,
    source: document.metadata,
    sourceText: document.markdown,
    engine: raw.engine,
    model: options.modelName,
    usage: raw.usage,
    chunks: raw.chunks,
  };
}
