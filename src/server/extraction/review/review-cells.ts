// The review stage: a confidence for every cell of a result, from signals we can show (found in
// the source or not, found with the rest of its row or only in another row's, how sure OCR and
// the model were, whether it was reshaped to fit its type, whether the offline extractor read the
// same row the same way), a flag below the threshold, the reasons in words, and the evidence with
// its box on the page. Pure: everything comes in as arguments. docs/decisions/020-cell-confidence.md
import type { ColumnDefinition } from '../../../shared/columns';
import type { DocumentJson } from '../../../shared/document';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import type { CellEvidence, CellReview, ReviewSummary, RowCells } from '../../../shared/review';
import { rawValue, type LocatorLookup, type RowEvidence } from '../finish/evidence';
import { foldText, type TextIndex } from '../finish/evidence-index';
import { coerceSignal } from './coerce-signal';
import { boxOf, ocrConfidenceOf, wordsOver } from './evidence-box';
import { localitySignals } from './locality-signal';
import { offlineSignals } from './offline-signal';
import { buildLines, findHomes, lineSpan, type Home, type Lines } from './row-homes';
import {
  combineSignals,
  MODEL_UNSURE,
  MODEL_VERY_UNSURE,
  notFoundSignal,
  OCR_LOW,
  OCR_VERY_LOW,
  percent,
  signal,
  WEIGHTS,
  type Signal,
} from './signals';

export type ReviewCellsOptions = {
  document: Pick<DocumentJson, 'markdown' | 'segments' | 'layout'>;
  index: TextIndex;
  lookup: LocatorLookup;
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  /** What the model or the offline extractor gave for each row, before coercion. */
  raws: (Record<string, unknown> | undefined)[];
  /** Where each cell was found (finish/evidence.ts); cells moved to their row's home change. */
  evidence: RowEvidence[];
  /** For each row, the model's probability of each value's least certain token. */
  certainty?: (Record<string, number> | undefined)[];
  /** The offline extractor's reading of the same document, with its evidence. */
  offline?: { rows: ExtractedRow[]; evidence: RowEvidence[] } | null;
  /** Cells below this confidence are flagged (REVIEW_THRESHOLD). */
  threshold: number;
};

/** Share of a text value's words that must stand in its row's home for a partial match. */
const PARTIAL_SHARE = 0.75;

const isBlank = (value: CellValue | undefined) =>
  value === null || value === undefined || value === '';

const wordsOf = (text: string) =>
  foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 1);

/** A text value most of whose words stand in its row's home (reworded, reordered). */
function isPartlyAtHome(lines: Lines, home: Home, value: CellValue): boolean {
  if (typeof value !== 'string' || !home) return false;
  const words = wordsOf(value);
  if (words.length < 2) return false;
  const span = lineSpan(lines, home.from, home.to);
  const present = new Set(wordsOf(lines.text.slice(span.start, span.end)));
  return words.filter((word) => present.has(word)).length / words.length >= PARTIAL_SHARE;
}

export function modelSignal(certainty: number | undefined): Signal | null {
  if (certainty === undefined || certainty >= MODEL_UNSURE) return null;
  const weight = certainty < MODEL_VERY_UNSURE ? WEIGHTS.modelVeryUnsure : WEIGHTS.modelUnsure;
  return signal(
    'model_unsure',
    weight,
    `The model was unsure of this value (${percent(certainty)}).`,
  );
}

export function ocrSignal(confidence: number | null): Signal | null {
  if (confidence === null || confidence >= OCR_LOW) return null;
  const weight = confidence < OCR_VERY_LOW ? WEIGHTS.ocrVeryLow : WEIGHTS.ocrLow;
  return signal(
    'low_ocr',
    weight,
    `The text it came from was hard to read (OCR ${Math.round(confidence)}%).`,
  );
}

type CellContext = {
  options: ReviewCellsOptions;
  lines: Lines;
  home: Home;
  locality: Map<string, Signal> | undefined;
  offline: Map<string, Signal> | undefined;
  rowIndex: number;
};

function reviewCell(
  context: CellContext,
  column: ColumnDefinition,
  isRequired: boolean,
): CellReview {
  const { options, rowIndex } = context;
  const value = options.rows[rowIndex]?.[column.name];
  const raw = rawValue(options.raws[rowIndex], column.name);
  const found = isBlank(value) ? null : (options.evidence[rowIndex]?.[column.name] ?? null);
  const signals: Signal[] = [];
  let evidence: CellEvidence = null;
  if (!isBlank(value)) {
    if (found) signals.push(...[context.locality?.get(column.name)].filter((s) => s !== undefined));
    else if (isPartlyAtHome(context.lines, context.home, value ?? null))
      signals.push(
        signal(
          'partial_match',
          WEIGHTS.partialMatch,
          'Only partly found in its row of the source.',
        ),
      );
    else signals.push(notFoundSignal());
    const words = found && options.document.layout ? wordsOver(options.document.layout, found) : [];
    const box =
      words.length > 0 && options.document.layout
        ? boxOf(options.document.layout, words)
        : undefined;
    if (found) evidence = box ? { ...found, page: box.page, box } : found;
    const extra = [
      ocrSignal(ocrConfidenceOf(words)),
      modelSignal(options.certainty?.[rowIndex]?.[column.name]),
      context.offline?.get(column.name) ?? null,
    ];
    signals.push(...extra.filter((item): item is Signal => item !== null));
  }
  const coerced = coerceSignal(column, raw, value, isRequired);
  if (coerced) signals.push(coerced);
  const { confidence, reasons } = combineSignals(signals);
  return { confidence, flagged: confidence < options.threshold, reasons, edited: false, evidence };
}

/** Counts of a result's cells: with a value or a flag, flagged, and edited by a person. */
export function summarizeReview(cells: RowCells[]): ReviewSummary {
  let total = 0;
  let flagged = 0;
  let edited = 0;
  for (const row of cells) {
    for (const cell of Object.values(row)) {
      if (cell.evidence || cell.reasons.length > 0 || cell.edited) total += 1;
      if (cell.flagged) flagged += 1;
      if (cell.edited) edited += 1;
    }
  }
  return { total, flagged, edited };
}

export function reviewCells(options: ReviewCellsOptions): {
  cells: RowCells[];
  review: ReviewSummary;
} {
  const { columns, rows } = options;
  const lines = buildLines(options.document.markdown);
  const segments = options.document.segments;
  const { homes, residents } = findHomes({ lines, segments, evidence: options.evidence });
  const locality = localitySignals({ ...options, lines, homes, residents });
  const offlineEvidence = options.offline?.evidence;
  const offline =
    options.offline && offlineEvidence
      ? offlineSignals({
          columns,
          rows,
          homes,
          offline: {
            rows: options.offline.rows,
            homes: findHomes({ lines, segments, evidence: offlineEvidence }).homes,
          },
        })
      : [];
  const cells = rows.map((_, rowIndex) => {
    const context: CellContext = {
      options,
      lines,
      home: homes[rowIndex] ?? null,
      locality: locality[rowIndex],
      offline: offline[rowIndex],
      rowIndex,
    };
    return Object.fromEntries(
      columns.map((column, index) => [column.name, reviewCell(context, column, index === 0)]),
    );
  });
  return { cells, review: summarizeReview(cells) };
}

/** Cells of rows that are not data (SPEC's fallback rows): shown with their evidence, never flagged. */
export function unreviewedCells(
  columns: ColumnDefinition[],
  evidence: RowEvidence[],
): { cells: RowCells[]; review: ReviewSummary } {
  const cells = evidence.map((row) =>
    Object.fromEntries(
      columns.map((column): [string, CellReview] => [
        column.name,
        {
          confidence: 0,
          flagged: false,
          reasons: [],
          edited: false,
          evidence: row[column.name] ?? null,
        },
      ]),
    ),
  );
  return { cells, review: { total: 0, flagged: 0, edited: 0 } };
}
