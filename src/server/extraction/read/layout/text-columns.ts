// Pages set in two or more columns of running text: each column is read top to bottom before the
// next, where lines grouped across the page would take turns between them (or join them, when
// their baselines line up). A column gutter is a strip no word crosses with prose on both sides:
// lines of one phrase of several words on each side. A table has gutters too, but several short
// cells on a side; a table, caption or heading across the columns ends the columns above it and
// is read in its place.
import { groupLines, makeLine, phrases, type Phrase, type TextLine } from './lines';
import type { Word } from './types';

/** Lines read top to bottom, one after the other; a page's flows are read in order. */
export type Flow = TextLine[];

type Gutter = { x0: number; x1: number };

/** A phrase of at least this many words is running text. */
const PROSE_WORDS = 4;
/** Lines of running text each side that make columns. */
const MIN_COLUMN_LINES = 4;
/** A gutter at least this share of the font size wide. */
const MIN_GUTTER = 0.8;
/** The last line of a paragraph stands at most this many font sizes under the one before. */
const PARAGRAPH_LINE_GAP = 2;
/** Columns start this far in from the page's left edge at least (a share of its width). */
const MIN_COLUMN_OFFSET = 0.2;

const isProse = (phrase: Phrase) => phrase.words.length >= PROSE_WORDS;

/** The gutter most lines of running text start to the right of, with prose ending before it. */
function findGutter(lines: TextLine[]): Gutter | null {
  const pieces = lines.flatMap((line) => phrases(line).filter(isProse));
  if (pieces.length < 2 * MIN_COLUMN_LINES) return null;
  const left = Math.min(...lines.map((line) => line.x0));
  const right = Math.max(...lines.map((line) => line.x1));
  const size = lines.reduce((sum, line) => sum + line.size, 0) / lines.length;
  const starts = new Map<number, number>();
  for (const piece of pieces) {
    if (piece.x0 < left + MIN_COLUMN_OFFSET * (right - left)) continue;
    const x = Math.round(piece.x0 / 2) * 2;
    starts.set(x, (starts.get(x) ?? 0) + 1);
  }
  const candidates = [...starts].filter(([, count]) => count >= MIN_COLUMN_LINES);
  for (const [start] of candidates.sort((a, b) => b[1] - a[1])) {
    const x1 = Math.min(...pieces.filter((p) => Math.abs(p.x0 - start) <= 2).map((p) => p.x0));
    const before = pieces.filter((piece) => piece.x1 < x1 - MIN_GUTTER * size);
    if (before.length < MIN_COLUMN_LINES) continue;
    return { x0: Math.max(...before.map((piece) => piece.x1)), x1 };
  }
  return null;
}

const leftOf = (words: Word[], gutter: Gutter) => words.filter((w) => w.x1 <= gutter.x0 + 1);
const rightOf = (words: Word[], gutter: Gutter) => words.filter((w) => w.x0 >= gutter.x1 - 1);

type Side = 'empty' | 'prose' | 'short' | 'cells';

function sideOf(words: Word[]): Side {
  if (words.length === 0) return 'empty';
  const parts = phrases(makeLine(words));
  if (parts.length > 1) return 'cells';
  return isProse(parts[0]!) ? 'prose' : 'short';
}

/**
 * Whether each line belongs to the columns: nothing across the gutter, and not a row across them
 * (short cells on both sides, several on one). A table inside one column keeps running text
 * beside it, and the short last line of a paragraph counts as running text.
 */
function columnLines(lines: TextLine[], gutter: Gutter): boolean[] {
  const above: Partial<Record<'left' | 'right', { side: Side; baseline: number }>> = {};
  return lines.map((line) => {
    const parts = { left: leftOf(line.words, gutter), right: rightOf(line.words, gutter) };
    if (parts.left.length + parts.right.length !== line.words.length) return false;
    const sides = (['left', 'right'] as const).map((key) => {
      const found = sideOf(parts[key]);
      const previous = above[key];
      const endsParagraph =
        found === 'short' &&
        previous?.side === 'prose' &&
        line.baseline - previous.baseline <= PARAGRAPH_LINE_GAP * line.size;
      if (found !== 'empty') above[key] = { side: found, baseline: line.baseline };
      return endsParagraph ? 'prose' : found;
    });
    return sides.includes('empty') || sides.includes('prose') || !sides.includes('cells');
  });
}

const proseLines = (lines: TextLine[]) =>
  lines.filter((line) => line.words.length >= PROSE_WORDS && phrases(line).length === 1).length;

/** The lines of one side of the gutter, as lines of their own. */
const side = (lines: TextLine[], pick: (words: Word[]) => Word[]) =>
  groupLines(lines.flatMap((line) => pick(line.words)));

/** The page's lines as flows in reading order: the columns of a part set in columns one by one. */
export function readingFlows(lines: TextLine[]): Flow[] {
  if (lines.length === 0) return [];
  const gutter = findGutter(lines);
  if (!gutter) return [lines];
  const flows: Flow[] = [];
  let across: TextLine[] = [];
  const isInColumns = columnLines(lines, gutter);
  for (let i = 0; i < lines.length;) {
    let end = i;
    while (end < lines.length && isInColumns[end]) end++;
    const run = lines.slice(i, Math.max(end, i + 1));
    const [left, right] = [
      side(run, (w) => leftOf(w, gutter)),
      side(run, (w) => rightOf(w, gutter)),
    ];
    const isColumns = proseLines(left) >= MIN_COLUMN_LINES && proseLines(right) >= MIN_COLUMN_LINES;
    if (!isColumns) {
      across.push(...run);
      i += run.length;
      continue;
    }
    if (across.length > 0) flows.push(across);
    across = [];
    flows.push(...readingFlows(left), ...readingFlows(right));
    i = end;
  }
  if (across.length > 0) flows.push(across);
  return flows;
}
