// "Disagrees with the offline extractor where it read the same row": the offline extractor reads
// tables by their headings, without a model. Where one of its rows lives on the same line as a
// result row, the two read the same source row, and a value they disagree on is doubtful. A
// column is compared only where the two mostly agree (its heading was matched to the right
// column): a reader that took the wrong column would otherwise flag every cell.
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import { foldText } from '../finish/evidence-index';
import type { Home } from './row-homes';
import { isBlankMark, quote, signal, WEIGHTS, type Signal } from './signals';

/** Share of compared rows a column must agree on before its disagreements count. */
const MIN_AGREEMENT = 0.8;
/** Rows a column must be compared on before its disagreements count. */
const MIN_COMPARED = 3;

export type OfflineReading = { rows: ExtractedRow[]; homes: Home[] };

function same(a: CellValue, b: CellValue): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (typeof a === 'string' && typeof b === 'string') return foldText(a) === foldText(b);
  return a === b;
}

const isValue = (value: CellValue | undefined): value is CellValue =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  !(typeof value === 'string' && isBlankMark(value));

/** For each result row, the offline row read from the same single line, if any. */
function pairRows(homes: Home[], offline: OfflineReading): (ExtractedRow | null)[] {
  const byLine = new Map<number, ExtractedRow>();
  offline.homes.forEach((home, index) => {
    const row = offline.rows[index];
    if (home && home.from === home.to && row && !byLine.has(home.from)) byLine.set(home.from, row);
  });
  return homes.map((home) =>
    home && home.from === home.to ? (byLine.get(home.from) ?? null) : null,
  );
}

/** For every result row, the disagreements with the offline reading, by column. */
export function offlineSignals(options: {
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  homes: Home[];
  offline: OfflineReading;
}): Map<string, Signal>[] {
  const { columns, rows } = options;
  const pairs = pairRows(options.homes, options.offline);
  const trusted = new Set<string>();
  for (const column of columns) {
    let compared = 0;
    let agreed = 0;
    pairs.forEach((pair, index) => {
      const ours = rows[index]?.[column.name];
      const theirs = pair?.[column.name];
      if (!isValue(ours) || !isValue(theirs)) return;
      compared += 1;
      if (same(ours, theirs)) agreed += 1;
    });
    if (compared >= MIN_COMPARED && agreed / compared >= MIN_AGREEMENT) trusted.add(column.name);
  }
  return pairs.map((pair, index) => {
    const signals = new Map<string, Signal>();
    for (const column of columns) {
      const ours = rows[index]?.[column.name];
      const theirs = pair?.[column.name];
      if (!trusted.has(column.name) || !isValue(ours) || !isValue(theirs) || same(ours, theirs))
        continue;
      signals.set(
        column.name,
        signal(
          'offline_disagrees',
          WEIGHTS.offlineDisagrees,
          `The table reader found ${quote(theirs)} here.`,
        ),
      );
    }
    return signals;
  });
}
