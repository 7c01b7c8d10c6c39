// "Found only away from the rest of its row": each located cell is checked against its row's
// home (row-homes.ts). A value that also stands in its own home is moved there; one found only in
// another row's home is that row's value (strongly so when its own home shows another value of
// the same kind, one no cell of the row took); one found where no row lives (a heading, a note)
// is only a little doubtful, and a value carried down from the row above, where this row shows
// none of its kind, less still (dates printed once per day).
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import type { CellEvidence } from '../../../shared/review';
import { cellLocators, rawValue, textOf, type LocatorLookup } from '../finish/evidence';
import { pageAt, type Span, type TextIndex } from '../finish/evidence-index';
import { isAtHome, lineOf, lineSpan, type Home, type Lines } from './row-homes';
import { quote, signal, WEIGHTS, type Signal } from './signals';

export type LocalityInput = {
  index: TextIndex;
  lookup: LocatorLookup;
  lines: Lines;
  columns: ColumnDefinition[];
  rows: ExtractedRow[];
  raws: (Record<string, unknown> | undefined)[];
  /** Each row's cells' evidence; a cell moved into its home is updated in place. */
  evidence: Record<string, CellEvidence>[];
  homes: Home[];
  residents: Map<number, number[]>;
};

type Token = Span & { kind: 'number' | 'date' };

/** Number and date tokens of the text in order; a number inside a date is part of the date. */
function kindTokens(index: TextIndex): Token[] {
  const byStart = (a: Span, b: Span) => a.start - b.start;
  const dates = [...index.dates.values()].flat().sort(byStart);
  const numbers = [...index.numbers.values()].flat().sort(byStart);
  const tokens: Token[] = dates.map((span) => ({ ...span, kind: 'date' }));
  let at = 0;
  for (const span of numbers) {
    while (at < dates.length && (dates[at]?.end ?? 0) <= span.start) at++;
    const date = dates[at];
    if (date && date.start < span.end) continue;
    tokens.push({ ...span, kind: 'number' });
  }
  return tokens.sort(byStart);
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** A value of the column's kind in the home that none of the row's cells was found in. */
function unusedOfKind(
  tokens: Token[],
  range: Span,
  kind: 'number' | 'date',
  used: Span[],
  index: TextIndex,
): string | null {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((tokens[middle]?.start ?? 0) < range.start) low = middle + 1;
    else high = middle;
  }
  for (let i = low; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token || token.start >= range.end) break;
    if (token.kind === kind && !used.some((span) => overlaps(span, token)))
      return index.text.slice(token.start, token.end);
  }
  return null;
}

/** An unused occurrence of the cell's value inside `range`, by any of its locators. */
function findWithin(
  input: LocalityInput,
  column: ColumnDefinition,
  value: CellValue,
  raw: unknown,
  range: Span,
  used: Span[],
): CellEvidence {
  const locators = cellLocators(input.lookup, input.index, value, textOf(raw), column);
  for (const locator of locators) {
    let span = locator.find(range.start, true);
    for (let tries = 0; span && span.start < range.end && tries < 8; tries++) {
      if (!used.some((other) => overlaps(other, span!)))
        return { ...span, page: pageAt(input.index, span.start), match: locator.match };
      span = locator.find(span.start + 1, true);
    }
  }
  return null;
}

const sameValue = (a: CellValue | undefined, b: CellValue | undefined) =>
  a !== null && a !== undefined && a === b;

/** The locality signals of one row's cells, by column. */
function rowSignals(input: LocalityInput, tokens: Token[], rowIndex: number) {
  const { lines, columns, rows, evidence, homes, residents } = input;
  const home = homes[rowIndex] ?? null;
  const rowEvidence = evidence[rowIndex] ?? {};
  const signals = new Map<string, Signal>();
  if (!home) return signals;
  const range = lineSpan(lines, home.from, home.to);
  const used = Object.values(rowEvidence).flatMap((cell) => (cell ? [cell] : []));
  for (const column of columns) {
    const cell = rowEvidence[column.name];
    if (!cell || isAtHome(home, lineOf(lines, cell.start))) continue;
    const value = rows[rowIndex]?.[column.name] ?? null;
    const moved = findWithin(
      input,
      column,
      value,
      rawValue(input.raws[rowIndex], column.name),
      range,
      used,
    );
    if (moved) {
      rowEvidence[column.name] = moved;
      used.push(moved);
      continue;
    }
    const kind = column.type === 'number' || column.type === 'date' ? column.type : null;
    const instead = kind ? unusedOfKind(tokens, range, kind, used, input.index) : null;
    const above = evidence[rowIndex - 1]?.[column.name];
    const isCarried =
      instead === null &&
      sameValue(rows[rowIndex - 1]?.[column.name], value) &&
      above?.start === cell.start;
    const line = lineOf(lines, cell.start);
    const isOtherRow = (residents.get(line) ?? []).some((other) => other !== rowIndex);
    if (isCarried)
      signals.set(
        column.name,
        signal(
          'apart',
          WEIGHTS.carried,
          'The same as the row above; this row shows none of its own.',
        ),
      );
    else if (isOtherRow && instead !== null)
      signals.set(
        column.name,
        signal(
          'other_row',
          WEIGHTS.otherRowInstead,
          `Found only in another row; this row shows ${quote(instead)}.`,
        ),
      );
    else if (isOtherRow)
      signals.set(
        column.name,
        signal('other_row', WEIGHTS.otherRow, 'Found only in another row of the source.'),
      );
    else
      signals.set(
        column.name,
        signal('apart', WEIGHTS.apart, 'Found away from the rest of its row.'),
      );
  }
  return signals;
}

/** For every row, its cells' locality signals by column (cells moved home are updated). */
export function localitySignals(input: LocalityInput): Map<string, Signal>[] {
  const tokens = kindTokens(input.index);
  return input.rows.map((_, rowIndex) => rowSignals(input, tokens, rowIndex));
}
