// The header lines of a stream table → header cells. Each phrase heads the column under it; a
// phrase on an upper line centred over several columns ("Male" over "Total", "Under 18" and
// "18 years") heads all of them, so that the combined header reads "Male Under 18".
import type { LayoutCell } from './cell-table';
import { columnOf, type Column } from './columns';
import { joinWords, type LineInfo, type Phrase, type TextLine } from './lines';
import type { Word } from './types';

/** A heading is centred over columns when its middle is this close (share of their width). */
const CENTRED = 0.1;
/** Runs a heading is centred over to within this share of the font size of the best are alike. */
const NEARLY = 0.5;
/** A heading within this share of the font size of a column's edge or middle lines up with it. */
const ALIGNED = 0.3;
/** Lines of one heading are flush to within this share of the font size. */
const FLUSH = 0.1;
/** Headings of neighbouring columns may stand closer than table cells: split at this gap. */
const HEADING_GAP = 0.45;
/** A gap up to this share of the font size after a space character is one space (monospace). */
const ONE_SPACE = 0.7;

const middle = (x0: number, x1: number) => (x0 + x1) / 2;

/**
 * The run of columns from `home` within [low, high] that `phrase` is centred over, each with a
 * heading of its own lower down (a heading heads the headings under it), and cutting through none
 * of the headings right under it (it heads them whole or not at all). Of the runs it is centred
 * over, the widest of those it is best centred over ("Total" over six columns is centred over
 * the middle two as well, "And you are" over three is nearly centred over four).
 */
function spanOf(
  phrase: Phrase,
  [home, low, high]: [number, number, number],
  columns: Column[],
  below: { hasHeading: (column: number) => boolean; isCut: (x: number) => boolean; size: number },
) {
  const runs: { run: [number, number]; off: number }[] = [];
  for (let a = home; a >= low && (a === home || below.hasHeading(a)); a--) {
    for (let b = home; b <= high && (b === home || below.hasHeading(b)); b++) {
      const [x0, x1] = [columns[a]!.x0, columns[b]!.x1];
      const off = Math.abs(middle(phrase.x0, phrase.x1) - middle(x0, x1));
      const left = a > 0 ? middle(columns[a - 1]!.x1, x0) : -Infinity;
      const right = b < columns.length - 1 ? middle(x1, columns[b + 1]!.x0) : Infinity;
      const isWhole = !below.isCut(left) && !below.isCut(right);
      if (b > a && off <= CENTRED * (x1 - x0) && isWhole) runs.push({ run: [a, b], off });
    }
  }
  const least = Math.min(...runs.map((run) => run.off));
  const near = runs.filter((run) => run.off <= least + NEARLY * below.size);
  near.sort((x, y) => y.run[1] - y.run[0] - (x.run[1] - x.run[0]));
  return near[0]?.run ?? [home, home];
}

/**
 * The columns an upper heading spans. One set flush left or right with the heading under it in its
 * column (to a tenth of the font size) is the first line of that heading, which wraps; but where
 * that heading's lines are centred on one another, a first line of it is centred on them too.
 */
function headingSpan(
  phrase: Phrase,
  range: [number, number, number],
  lower: LineInfo[],
  columns: Column[],
  size: number,
): [number, number] {
  const [home] = range;
  const below = lower.flatMap(({ line }) => line.words);
  const inHome = (line: TextLine) => line.words.filter((word) => columnOf(columns, word) === home);
  const under = lower[0] ? inHome(lower[0].line) : [];
  const flush = FLUSH * size;
  const isFlush =
    under.length > 0 &&
    (Math.abs(phrase.x0 - Math.min(...under.map((w) => w.x0))) <= flush ||
      Math.abs(phrase.x1 - Math.max(...under.map((w) => w.x1))) <= flush);
  if (
    isFlush &&
    !isOffCentre(
      phrase,
      lower.map(({ line }) => inHome(line)),
      size,
    )
  )
    return [home, home];
  const hasHeading = (column: number) => below.some((word) => columnOf(columns, word) === column);
  const next = lower[0] ? headingPhrases(lower[0].line, columns, lower.length === 1) : [];
  const isCut = (x: number) => next.some((p) => p.x0 < x - flush && p.x1 > x + flush);
  return spanOf(phrase, range, columns, { hasHeading, isCut, size });
}

/** Lines of a heading centred on one another (of different widths), and `phrase` not on them. */
function isOffCentre(phrase: Phrase, lines: Word[][], size: number): boolean {
  const spans = lines
    .filter((words) => words.length > 0)
    .map((words) => [Math.min(...words.map((w) => w.x0)), Math.max(...words.map((w) => w.x1))]);
  if (spans.length < 2) return false;
  const middles = spans.map(([x0, x1]) => middle(x0!, x1!));
  const widths = spans.map(([x0, x1]) => x1! - x0!);
  const tolerance = ALIGNED * size;
  const isCentred = middles.every((m) => Math.abs(m - middles[0]!) <= tolerance);
  const isRagged = Math.max(...widths) - Math.min(...widths) > 2 * FLUSH * size;
  return isCentred && isRagged && Math.abs(middle(phrase.x0, phrase.x1) - middles[0]!) > tolerance;
}

/** Whether a word stands flush with (or centred on) a column's text, within a tolerance. */
function isAlignedWith(word: Word, column: Column, tolerance: number): boolean {
  return (
    Math.abs(word.x0 - column.x0) <= tolerance ||
    Math.abs(word.x1 - column.x1) <= tolerance ||
    Math.abs(middle(word.x0, word.x1) - middle(column.x0, column.x1)) <= tolerance
  );
}

/** Two neighbouring words that each line up with a column of their own head those columns. */
function headsOwnColumns(left: Word, right: Word, columns: Column[], size: number): boolean {
  const [a, b] = [columnOf(columns, left), columnOf(columns, right)];
  const tolerance = ALIGNED * size;
  return (
    a !== b &&
    isAlignedWith(left, columns[a]!, tolerance) &&
    isAlignedWith(right, columns[b]!, tolerance)
  );
}

/**
 * A header line's phrases: words split where the gap is wide, where each lines up with a column
 * of its own, or, on the last header line, where the gap spans the gutter between two columns
 * (headings of neighbouring columns may stand a space apart). Above it, a heading may span
 * several columns, gutters included.
 */
function headingPhrases(line: TextLine, columns: Column[], isLast: boolean): Phrase[] {
  const gutters = columns.slice(1).map((column, i) => (columns[i]!.x1 + column.x0) / 2);
  const groups: Word[][] = [];
  for (const word of line.words) {
    const last = groups.at(-1);
    const previous = last?.at(-1);
    const gap = previous ? word.x0 - previous.x1 : Infinity;
    const isOneSpace = word.followsSpace === true && gap <= ONE_SPACE * line.size;
    const isSplit =
      !previous ||
      (gap > HEADING_GAP * line.size && !isOneSpace) ||
      (isLast && gutters.some((x) => previous.x1 <= x && word.x0 >= x)) ||
      headsOwnColumns(previous, word, columns, line.size);
    if (isSplit || !last) groups.push([word]);
    else last.push(word);
  }
  return groups.map((words) => ({
    text: joinWords(words),
    x0: words[0]!.x0,
    x1: Math.max(...words.map((w) => w.x1)),
    words,
  }));
}

/**
 * Header cells, one row per header line. A phrase on an upper line may span the columns between
 * its neighbours' (never the first column, unless it stands over it).
 */
export function headerCells(lines: LineInfo[], columns: Column[]): LayoutCell[] {
  const cells: LayoutCell[] = [];
  lines.forEach(({ line }, row) => {
    const isLast = row === lines.length - 1;
    const phrases = headingPhrases(line, columns, isLast);
    const homes = phrases.map((phrase) => columnOf(columns, phrase));
    let claimed = -1;
    phrases.forEach((phrase, i) => {
      const home = homes[i]!;
      const previous = cells.at(-1);
      if (previous?.row === row && home <= claimed) {
        previous.text += ` ${phrase.text}`;
        return;
      }
      const low = Math.max(claimed + 1, phrase.x0 <= columns[0]!.x1 ? 0 : 1);
      const high = (homes[i + 1] ?? columns.length) - 1;
      const [a, b] =
        isLast || home < low
          ? [home, home]
          : headingSpan(phrase, [home, low, high], lines.slice(row + 1), columns, line.size);
      claimed = b;
      const isBold = phrase.words.every((word) => word.isBold);
      cells.push({
        text: phrase.text,
        row,
        column: a,
        rowSpan: 1,
        columnSpan: b - a + 1,
        isBold,
        isShaded: false,
      });
    });
  });
  return cells;
}
