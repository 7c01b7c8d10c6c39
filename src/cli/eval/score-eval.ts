// Scoring an extraction against a reference table the user trusts: which rows were found, missing
// or extra; how many cells are right, per column; and how right cells are per confidence band and
// flagged or not, so a user can see whether a model and a threshold can be trusted on their own
// documents. Pure: the extraction and the reference come in as arguments.
import type { ColumnDefinition } from '../../shared/columns';
import type { ExtractedRow } from '../../shared/extraction';
import type { CellReview, RowCells } from '../../shared/review';
import { cellKey, referenceKey } from './cell-keys';
import { matchRows } from './match-rows';

/** Confidence bands: [from, to), the last one with 1 included. */
export const CONFIDENCE_BANDS = [
  [0, 0.3],
  [0.3, 0.6],
  [0.6, 0.9],
  [0.9, 1],
] as const;

export type Tally = { cells: number; right: number; accuracy: number | null };

export type EvalReport = {
  rows: {
    reference: number;
    extracted: number;
    matched: number;
    missing: number;
    extra: number;
    /** Rows of the reference (from 1, after its header) no extracted row matched. */
    missing_rows: number[];
    /** Extracted rows (from 1) that match no reference row. */
    extra_rows: number[];
  };
  /** Extraction columns compared, and those the reference has no column for. */
  compared_columns: string[];
  /** Of the compared columns, those that are the document's own fields. */
  fields: string[];
  unscored_columns: string[];
  columns: (Tally & { name: string })[];
  cells: Tally;
  bands: (Tally & { from: number; to: number })[];
  flagged: Tally;
  not_flagged: Tally;
  /** Of the wrong cells, how many were flagged: what a review of the flagged cells would catch. */
  wrong_flagged: { wrong: number; flagged: number; share: number | null };
  /** The threshold flags were judged by: the run's own (null) or the one asked for. */
  threshold: number | null;
};

export type EvalInput = {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  cells: RowCells[];
  reference: { header: string[]; rows: string[][] };
  /** Judge flags by `confidence < threshold` instead of the run's own flags. */
  threshold?: number;
  /** Which of `columns` are the document's own fields (repeated on each row). */
  fieldNames?: string[];
};

const nameForm = (name: string) => name.toLowerCase().replace(/[\s_\-.]+/g, '');

function tally(cells: number, right: number): Tally {
  return { cells, right, accuracy: cells > 0 ? right / cells : null };
}

type Counter = { cells: number; right: number };
const counter = (): Counter => ({ cells: 0, right: 0 });
const count = (into: Counter, isRight: boolean) => {
  into.cells += 1;
  if (isRight) into.right += 1;
};

/** Each extraction column and the reference column it is compared with (by name). */
function columnPairs(columns: ColumnDefinition[], header: string[]) {
  return columns.flatMap((column) => {
    const index = header.findIndex((name) => nameForm(name) === nameForm(column.name));
    return index >= 0 ? [{ column, index }] : [];
  });
}

function bandOf(confidence: number): number {
  const band = CONFIDENCE_BANDS.findIndex(([, to], index) =>
    index === CONFIDENCE_BANDS.length - 1 ? confidence <= to : confidence < to,
  );
  return band < 0 ? 0 : band;
}

type Keyed = {
  pairs: ReturnType<typeof columnPairs>;
  extracted: string[][];
  reference: string[][];
};

/** Each matched row's cells, right or wrong: per column, per confidence band, flagged or not. */
function countCells(input: EvalInput, keyed: Keyed, match: ReturnType<typeof matchRows>) {
  const counts = {
    perColumn: keyed.pairs.map(counter),
    bands: CONFIDENCE_BANDS.map(counter),
    all: counter(),
    flagged: counter(),
    notFlagged: counter(),
  };
  const isFlagged = (cell: CellReview | undefined) =>
    input.threshold === undefined
      ? Boolean(cell?.flagged)
      : (cell?.confidence ?? 1) < input.threshold;
  for (const { extracted, reference } of match.pairs) {
    keyed.pairs.forEach(({ column }, index) => {
      const isRight = keyed.extracted[extracted]![index] === keyed.reference[reference]![index];
      const cell = input.cells[extracted]?.[column.name];
      count(counts.perColumn[index]!, isRight);
      count(counts.all, isRight);
      count(counts.bands[bandOf(cell?.confidence ?? 1)]!, isRight);
      count(isFlagged(cell) ? counts.flagged : counts.notFlagged, isRight);
    });
  }
  return counts;
}

/** Scores the extracted rows against the reference (see the top of this file). */
export function scoreEval(input: EvalInput): EvalReport {
  const pairs = columnPairs(input.columns, input.reference.header);
  const keyed: Keyed = {
    pairs,
    extracted: input.rows.map((row) => pairs.map(({ column }) => cellKey(row[column.name]))),
    reference: input.reference.rows.map((row) =>
      pairs.map(({ column, index }) => referenceKey(row[index], column.type)),
    ),
  };
  const match = matchRows(keyed.extracted, keyed.reference);
  const { perColumn, bands, all, flagged, notFlagged } = countCells(input, keyed, match);
  const wrong = all.cells - all.right;
  const wrongFlagged = flagged.cells - flagged.right;
  return {
    rows: {
      reference: keyed.reference.length,
      extracted: keyed.extracted.length,
      matched: match.pairs.length,
      missing: match.missing.length,
      extra: match.extra.length,
      missing_rows: match.missing.map((row) => row + 1),
      extra_rows: match.extra.map((row) => row + 1),
    },
    compared_columns: pairs.map(({ column }) => column.name),
    fields: pairs
      .map(({ column }) => column.name)
      .filter((name) => input.fieldNames?.includes(name)),
    unscored_columns: input.columns
      .filter((column) => !pairs.some((pair) => pair.column === column))
      .map((column) => column.name),
    columns: pairs.map(({ column }, index) => ({
      name: column.name,
      ...tally(perColumn[index]!.cells, perColumn[index]!.right),
    })),
    cells: tally(all.cells, all.right),
    bands: CONFIDENCE_BANDS.map(([from, to], index) => ({
      from,
      to,
      ...tally(bands[index]!.cells, bands[index]!.right),
    })),
    flagged: tally(flagged.cells, flagged.right),
    not_flagged: tally(notFlagged.cells, notFlagged.right),
    wrong_flagged: { wrong, flagged: wrongFlagged, share: wrong > 0 ? wrongFlagged / wrong : null },
    threshold: input.threshold ?? null,
  };
}
