import type { ColumnDefinition } from '../../../shared/columns';
import type { Rule } from '../../../shared/records';
import {
  NOTICE_ERROR,
  NOTICE_PARTIAL,
  type ExtractedRow,
  type ExtractionResult,
  type ExtractionStatus,
} from '../../../shared/extraction';
import { coerceRow } from '../coerce';
import { offlineExtract } from '../extract/offline-extract';
import { applyChecks } from '../records/apply-checks';
import { reviewCells, unreviewedCells } from '../review/review-cells';
import { locateEvidence, locatorCache, type LocatorLookup } from './evidence';
import { buildTextIndex, type TextIndex } from './evidence-index';
import { columnDecimals } from './column-decimals';
import {
  errorFallback,
  fallbackKindOf,
  NO_FIELDS_HINT,
  NO_ROWS_HINT,
  noRowsFallback,
} from './fallbacks';
import { finishFields } from './finish-fields';
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
  options: { document: ServerDocument; columns: ColumnDefinition[]; hasFields: boolean },
  shared: { index: TextIndex; lookup: LocatorLookup },
) {
  const offline = offlineExtract(options);
  if (offline.rows.length === 0) return null;
  const rows = offline.rows.map((row) => coerceRow(row, options.columns));
  const { evidence } = locateEvidence({ ...options, ...shared, rows, rawRows: offline.rows });
  return { rows, evidence };
}

/** A run's status; a run with fields has data when a field was found, even without rows. */
function statusOf(
  raw: RawRows,
  rowCount: number,
  fieldsFound: number,
): { status: ExtractionStatus; message: string | null } {
  if (
    raw.engine === 'model' &&
    raw.chunks.length > 0 &&
    raw.failures.length === raw.chunks.length
  ) {
    return { status: 500, message: FAILED };
  }
  if (rowCount === 0 && fieldsFound === 0)
    return { status: 207, message: raw.invalidFormat ? INVALID_FORMAT : NOT_EXTRACTED };
  if (raw.invalidFormat) return { status: 207, message: INVALID_FORMAT };
  if (raw.failures.length > 0) return { status: 207, message: NOT_EXTRACTED };
  return { status: 200, message: null };
}

function warningsOf(
  raw: RawRows,
  rowCount: number,
  status: ExtractionStatus,
  fields: { asked: number; found: number; columns: number },
): string[] {
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
  if (status === 207 && rowCount === 0 && fields.found === 0)
    warnings.push(fields.columns > 0 ? NO_ROWS_HINT : NO_FIELDS_HINT);
  return warnings;
}

/**
 * Merge, coerce, evidence, status, fallbacks, the document's fields and the rules: the end of
 * every run, model or offline. Without fields and rules the result is what it was before them.
 */
export function finishResult(options: {
  document: ServerDocument;
  columns: ColumnDefinition[];
  /** The document's own fields (issue 31); none by default. */
  fields?: ColumnDefinition[];
  rules?: readonly Rule[];
  raw: RawRows;
  modelName: string | null;
  /** Cells below this confidence are flagged for review. */
  reviewThreshold: number;
}): Omit<ExtractionResult, 'timings'> {
  const { document, columns, raw } = options;
  const fieldDefinitions = options.fields ?? [];
  const merged = mergeCoerced(raw, columns);
  const shared = {
    index: buildTextIndex(document.markdown, document.segments),
    lookup: locatorCache(),
  };
  const fields = finishFields({
    document,
    fields: fieldDefinitions,
    engine: raw.engine,
    answers: raw.fieldAnswers ?? [],
    shared,
    threshold: options.reviewThreshold,
  });
  const { status, message } = statusOf(raw, merged.rows.length, fields.foundCount);
  let rows = merged.rows;
  if (status === 500) rows = errorFallback(columns);
  else if (rows.length === 0 && fields.foundCount === 0 && columns.length > 0)
    rows = noRowsFallback(document.markdown, columns);
  const isData = rows === merged.rows;
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
        offline:
          raw.engine === 'model'
            ? offlineReading({ document, columns, hasFields: fieldDefinitions.length > 0 }, shared)
            : null,
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
  const result = {
    status,
    rows,
    columns,
    decimals: fieldDefinitions.length > 0 ? { ...decimals, ...fields.decimals } : decimals,
    notice: status === 200 ? null : status === 207 ? NOTICE_PARTIAL : NOTICE_ERROR,
    message,
    warnings: warningsOf(raw, merged.rows.length, status, {
      asked: fieldDefinitions.length,
      found: fields.foundCount,
      columns: columns.length,
    }),
    fallback: isData ? null : fallbackKindOf(status, merged.rows.length),
    cells: reviewed.cells,
    fieldDefinitions,
    fields: fields.fields,
    fieldCells: fields.fieldCells,
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
  return applyChecks(result, { rules: options.rules ?? [], threshold: options.reviewThreshold });
}
